import Link from "@/components/ui/link";
import { StatusMessage, primaryLinkClass } from "@/components/shell/status-message";

export default function AdminNotFound() {
  return (
    <StatusMessage
      code="404"
      title="We couldn't find that page"
      testId="not-found"
      actions={
        <Link href="/admin" className={primaryLinkClass}>
          Back to merchants
        </Link>
      }
    >
      <p>This page could not be found. Check the link, or find the merchant or refund from the lists.</p>
    </StatusMessage>
  );
}
