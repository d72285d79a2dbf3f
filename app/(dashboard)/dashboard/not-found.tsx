import Link from "next/link";
import { StatusMessage, primaryLinkClass } from "@/components/shell/status-message";

/** Inside the dashboard's shell: an unknown section (see [...missing]) or a record id that is not this business's. */
export default function DashboardNotFound() {
  return (
    <StatusMessage code="404" title="We couldn't find that page" testId="not-found" actions={<Link href="/dashboard" className={primaryLinkClass}>Back to Home</Link>}>
      <p>The page or record does not exist, or it belongs to another business or mode. Switch between test and live mode if you expected to see it.</p>
    </StatusMessage>
  );
}
