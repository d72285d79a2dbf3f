import Link from "@/components/ui/link";
import { StatusMessage, primaryLinkClass, secondaryLinkClass } from "@/components/shell/status-message";

export const metadata = { title: "Page not found" };

/** Unknown public URLs and unknown hosted pages (a checkout, invoice or PayID link that does not exist). */
export default function NotFound() {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center p-4">
      <p className="text-2xl font-semibold tracking-tight text-accent">owo</p>
      <StatusMessage
        code="404"
        title="Page not found"
        testId="not-found"
        actions={
          <>
            <Link href="/" className={primaryLinkClass}>
              Go to Owo
            </Link>
            <Link href="/docs" className={secondaryLinkClass}>
              API reference
            </Link>
          </>
        }
      >
        <p>This link does not lead anywhere. If someone sent you a payment or invoice link, ask them for a new one.</p>
      </StatusMessage>
    </main>
  );
}
