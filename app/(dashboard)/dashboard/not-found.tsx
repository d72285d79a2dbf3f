import Link from "@/components/ui/link";
import { StatusMessage, primaryLinkClass } from "@/components/shell/status-message";

/** Inside the dashboard's shell: an unknown section (see [...missing]) or a record id that is not this business's. */
export default function DashboardNotFound() {
  return (
    <StatusMessage
      code="404"
      title="We couldn't find that page"
      testId="not-found"
      actions={
        <Link href="/dashboard" className={primaryLinkClass}>
          Back to Home
        </Link>
      }
    >
      <p>
        This page could not be found. The record may belong to another business, or to the other mode: switch between test and live if you expected to see it.
      </p>
    </StatusMessage>
  );
}
