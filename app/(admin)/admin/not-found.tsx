import Link from "next/link";
import { StatusMessage, primaryLinkClass } from "@/components/shell/status-message";

export default function AdminNotFound() {
  return (
    <StatusMessage code="404" title="We couldn't find that page" testId="not-found" actions={<Link href="/admin" className={primaryLinkClass}>Back to merchants</Link>}>
      <p>The page or record does not exist.</p>
    </StatusMessage>
  );
}
