"use client";

import { CircleCheck, Clock, CircleX } from "lucide-react";
import { useEffect } from "react";
import { CopyButton } from "@/components/ui/copy-button";
import { formatNaira } from "@/lib/money";

export type OutcomeStatus = "completed" | "expired" | "failed";

/**
 * Where a checkout ends: paid, expired or replaced. A payment seen on this visit sends the
 * customer back to the merchant's callback_url (with ?reference=) after a moment; a page
 * opened on an already-finished session only offers the link. In the inline overlay (onDone)
 * there is no redirect: a "Done" button closes the overlay on the shop's page.
 */
export function CheckoutOutcome({
  status,
  justNow,
  amount,
  merchantName,
  reference,
  returnUrl,
  onDone,
}: {
  status: OutcomeStatus;
  justNow: boolean;
  amount: number;
  merchantName: string;
  reference: string;
  returnUrl: string | null;
  onDone?: () => void;
}) {
  const redirecting = status === "completed" && justNow && returnUrl !== null;
  useEffect(() => {
    if (!redirecting || !returnUrl) return;
    const t = setTimeout(() => window.location.assign(returnUrl), 1500);
    return () => clearTimeout(t);
  }, [redirecting, returnUrl]);

  const copy = COPY[status](merchantName, justNow);
  const Icon = status === "completed" ? CircleCheck : status === "expired" ? Clock : CircleX;
  const tone = status === "completed" ? "text-green-600" : status === "expired" ? "text-neutral-500" : "text-red-600";
  return (
    <div className="space-y-4 text-center" data-testid="checkout-outcome" data-status={status} aria-live="polite">
      <Icon className={`mx-auto h-12 w-12 ${tone}`} aria-hidden />
      <div>
        <h2 className="text-xl font-semibold" data-testid="outcome-title">
          {copy.title}
        </h2>
        <p className="mt-1 text-sm text-neutral-600 dark:text-neutral-400">{copy.body}</p>
      </div>
      {status === "completed" && <p className="text-2xl font-bold tabular-nums">{formatNaira(amount)}</p>}
      <div className="inline-flex max-w-full flex-wrap items-center justify-center gap-1 rounded-md bg-neutral-50 px-2 py-1 text-xs text-neutral-600 ring-1 ring-neutral-200 dark:bg-neutral-950 dark:text-neutral-400 dark:ring-neutral-800">
        Reference{" "}
        <span className="font-mono break-all" data-testid="session-reference">
          {reference}
        </span>
        <CopyButton value={reference} label="Copy reference" />
      </div>
      {onDone && (
        <button
          type="button"
          onClick={onDone}
          className="inline-flex h-11 w-full items-center justify-center rounded-md bg-accent px-5 font-medium text-white hover:bg-accent-hover"
          data-testid="embed-done"
        >
          Done
        </button>
      )}
      {returnUrl && (
        <div>
          {redirecting && <p className="mb-2 text-sm text-neutral-600 dark:text-neutral-400">Taking you back to {merchantName}…</p>}
          <a
            href={returnUrl}
            className="inline-flex h-11 w-full items-center justify-center rounded-md bg-accent px-5 font-medium text-white hover:bg-accent-hover"
            data-testid="return-to-merchant"
          >
            {redirecting ? "Continue" : `Return to ${merchantName}`}
          </a>
        </div>
      )}
    </div>
  );
}

const COPY: Record<OutcomeStatus, (merchant: string, justNow: boolean) => { title: string; body: string }> = {
  completed: (merchant, justNow) =>
    justNow
      ? { title: "Payment received", body: `${merchant} has been paid. Thank you!` }
      : { title: "Already paid", body: `This checkout has already been paid to ${merchant}. There is nothing more to do.` },
  expired: (merchant) => ({
    title: "This checkout has expired",
    body: `The time to pay has run out. Go back to ${merchant} to start a new payment. If you already sent money, contact ${merchant} with the reference below.`,
  }),
  failed: (merchant) => ({
    title: "This checkout is no longer valid",
    body: `It was replaced by a newer payment request. Go back to ${merchant} and try again.`,
  }),
};
