"use client";

import Link from "@/components/ui/link";
import { useEffect } from "react";
import { Button } from "@/components/ui/button";
import { StatusMessage, secondaryLinkClass } from "./status-message";

export type ErrorPageProps = { error: Error & { digest?: string }; reset: () => void; retry?: () => void };

/**
 * An error boundary's page: says something failed on our side, offers to try again (`retry`
 * fetches the page anew; `reset` only re-renders) and a way out. The digest lets support find
 * the server log line; the message itself is not shown (it may be internal).
 */
export function ErrorMessage({ error, reset, retry, home }: ErrorPageProps & { home: { href: string; label: string } }) {
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <StatusMessage
      code="Error"
      title="Something went wrong"
      testId="error-page"
      actions={
        <>
          <Button type="button" onClick={() => (retry ?? reset)()}>
            Try again
          </Button>
          <Link href={home.href} className={secondaryLinkClass}>
            {home.label}
          </Link>
        </>
      }
    >
      <p>This page could not be loaded. Nothing you entered was lost on our side; try again in a moment.</p>
      {error.digest && (
        <p className="mt-2 text-xs text-neutral-600 dark:text-neutral-400">
          Reference: <span className="font-mono">{error.digest}</span>
        </p>
      )}
    </StatusMessage>
  );
}
