"use client";

import { AtSign, Landmark, LoaderCircle } from "lucide-react";
import { useCallback, useRef, useState } from "react";
import { chooseInvoiceMethodAction, invoicePageAction, simulateInvoicePaymentAction } from "@/lib/actions/hosted";
import { actionErrorMessage } from "@/components/hosted/action-error";
import { HostedCard } from "@/components/hosted/hosted-shell";
import { SimulateBox } from "@/components/hosted/simulate-box";
import { AmountInput } from "@/components/hosted/amount-input";
import { CheckingPayment } from "@/components/hosted/checking-payment";
import { Button } from "@/components/ui/button";
import { usePolling } from "@/components/ui/use-polling";
import { useLiveStatus } from "@/components/hosted/use-live-status";
import { invoiceLiveStatus, livePath } from "@/lib/hosted/live-keys";
import type { InvoicePageView } from "@/lib/hosted/invoice-page";
import type { InvoicePayDetails } from "@/lib/hosted/invoice-page-pay";
import { formatNaira, koboToNaira, parseNaira } from "@/lib/money";
import { InvoiceBreakdown, InvoiceHeader, OverdueNotice } from "./invoice-details";
import { InvoiceBankPanel, InvoicePayIdPanel } from "./invoice-pay-panels";
import { InvoiceReceipt, PaymentList } from "./invoice-receipt";

type Channel = InvoicePayDetails["channel"];

const POLL_MS = 2_000;
const METHODS: { channel: Channel; title: string; hint: string; Icon: typeof Landmark }[] = [
  { channel: "bank_transfer", title: "Bank transfer", hint: "To an account number", Icon: Landmark },
  { channel: "payid", title: "PayID", hint: "Send or scan a code", Icon: AtSign },
];

/**
 * The hosted invoice page (app/i/[publicId]): the invoice, then, while it takes payment, the
 * amount (when partial payments are allowed), the method, where to send the money, "I've sent
 * the money" (polls every 2 s until the amount paid changes) and, in test mode, a simulated
 * payment. Every change of the invoice comes back as a fresh view: no reload needed, and the
 * page follows the invoice from the moment it is shown (useLiveStatus), so a payment made
 * anywhere shows up with no click.
 */
export function HostedInvoice({ view: initial }: { view: InvoicePageView }) {
  const [view, setView] = useState(initial);
  const [amountText, setAmountText] = useState(koboToNaira(initial.amountRemaining));
  const [channel, setChannel] = useState<Channel | null>(null);
  const [details, setDetails] = useState<Partial<Record<Channel, InvoicePayDetails>>>({});
  const [serverNow, setServerNow] = useState(initial.serverNow);
  const [checking, setChecking] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [received, setReceived] = useState<{ amount: number; reference: string | null } | null>(null);
  const paidBefore = useRef(initial.amountPaid);

  /** Takes a fresh view; when money arrived, says so and starts the amount again from what is left. */
  const apply = useCallback((next: InvoicePageView, payment?: { amount: number; reference: string }) => {
    setView(next);
    setServerNow(next.serverNow);
    const arrived = next.amountPaid - paidBefore.current;
    if (arrived !== 0 || payment) {
      paidBefore.current = next.amountPaid;
      setReceived({ amount: payment?.amount ?? arrived, reference: payment?.reference ?? null });
      setAmountText(koboToNaira(next.amountRemaining));
      setChecking(false);
    }
    if (!next.payable) setChecking(false);
  }, []);

  const refresh = useCallback(async () => {
    const r = await invoicePageAction({ publicId: view.publicId }).catch(() => undefined);
    if (r?.data) apply(r.data);
    return r?.data;
  }, [view.publicId, apply]);

  // "I've sent the money": ask every 2 s until the amount paid changes or the invoice stops taking payment.
  const poll = useCallback(async () => {
    await refresh();
    return true;
  }, [refresh]);
  usePolling(checking, poll, { everyMs: POLL_MS });

  // Money sent from anywhere (a bank app, another phone): the server announces the change.
  useLiveStatus(livePath("invoice", view.publicId), (status) => {
    if (status !== invoiceLiveStatus(view.status, view.amountPaid)) void refresh();
  });

  const partial = view.allowPartialPayments;
  const parsed = parseNaira(amountText, { minKobo: 0, maxKobo: 999_999_999_999 });
  const typed = parsed.ok ? parsed.kobo : null;
  const amountError = !partial
    ? null
    : typed === null
      ? "Enter an amount in naira, like 2500 or 2500.50."
      : typed < view.minAmount
        ? `Enter at least ${formatNaira(view.minAmount)}.`
        : typed > view.amountRemaining
          ? `Enter at most ${formatNaira(view.amountRemaining)}, the amount still owed.`
          : null;
  const amount = !partial ? view.amountRemaining : amountError ? null : typed;

  async function choose(c: Channel) {
    setError(null);
    setChannel(c);
    if (details[c]) return;
    setBusy(`choose:${c}`);
    const r = await chooseInvoiceMethodAction({ publicId: view.publicId, channel: c }).catch(() => undefined);
    setBusy(null);
    if (r?.data) {
      const got = r.data.details;
      setDetails((d) => ({ ...d, [c]: got }));
      setServerNow(r.data.serverNow);
    } else {
      setError(actionErrorMessage(r));
      void refresh();
    }
  }

  /** The account or PayID ran out of time: the next choice of that method issues a new one. */
  const expire = useCallback((c: Channel) => {
    setDetails((d) => ({ ...d, [c]: undefined }));
    setChannel((cur) => (cur === c ? null : cur));
    setError(`That ${c === "payid" ? "PayID" : "account number"} has expired. Choose a method again to get a new one.`);
  }, []);

  async function simulate() {
    if (!channel || amount === null) return;
    setError(null);
    setBusy("simulate");
    const r = await simulateInvoicePaymentAction({ publicId: view.publicId, channel, amount: koboToNaira(amount) }).catch(() => undefined);
    setBusy(null);
    if (r?.data) apply(r.data.view, r.data.payment);
    else {
      setError(actionErrorMessage(r));
      void refresh();
    }
  }

  const closed = !view.payable && view.state !== "paid";
  const header = (
    <>
      <InvoiceHeader view={view} />
      <OverdueNotice view={view} />
    </>
  );

  if (view.status === "draft") {
    return (
      <>
        {header}
        <ClosedNotice view={view} />
      </>
    );
  }

  const current = channel ? details[channel] : undefined;
  const receivedBox = received && (
    <div
      role="status"
      className="rounded-lg bg-green-50 p-3 text-sm text-green-900 ring-1 ring-green-200 dark:bg-green-950/40 dark:text-green-200 dark:ring-green-900"
      data-testid="invoice-payment-received"
    >
      <p className="font-semibold">Payment of {formatNaira(received.amount)} received</p>
      {received.reference && (
        <p className="mt-0.5 text-xs">
          Reference <span className="font-mono break-all">{received.reference}</span>
        </p>
      )}
      {view.payable && <p className="mt-0.5 text-xs">{formatNaira(view.amountRemaining)} is still to pay.</p>}
    </div>
  );

  return (
    <div className="space-y-4">
      <div>{header}</div>

      {view.state === "paid" && <InvoiceReceipt view={view} justNow={received !== null} />}
      {closed && <ClosedNotice view={view} />}

      {view.payable && (
        <HostedCard className="space-y-4 print:hidden">
          <h2 className="text-base font-semibold">Pay this invoice</h2>
          {receivedBox}
          {error && (
            <p
              role="alert"
              data-testid="invoice-error"
              className="rounded-lg bg-red-50 p-3 text-sm text-red-800 ring-1 ring-red-200 dark:bg-red-950/40 dark:text-red-200 dark:ring-red-900"
            >
              {error}
            </p>
          )}

          {checking ? (
            <CheckingPayment onBack={() => setChecking(false)} heading="h3" className="py-2" testId="invoice-checking" backTestId="invoice-back-to-details" />
          ) : (
            <>
              {partial ? (
                <div className="space-y-1.5">
                  <AmountInput
                    id="invoice-pay-amount"
                    label="Amount to pay (₦)"
                    value={amountText}
                    onValueChange={setAmountText}
                    note={amountError ?? `You can pay part of it now: from ${formatNaira(view.minAmount)} up to ${formatNaira(view.amountRemaining)}.`}
                    error={amountError !== null}
                    noteTestId={amountError ? "invoice-amount-error" : undefined}
                    testId="invoice-pay-amount"
                  />
                </div>
              ) : (
                <p className="text-sm text-neutral-600 dark:text-neutral-400">
                  Pay the full amount of{" "}
                  <strong className="text-neutral-900 tabular-nums dark:text-neutral-100" data-testid="invoice-pay-exact">
                    {formatNaira(view.amountRemaining)}
                  </strong>
                  .
                </p>
              )}

              <fieldset>
                <legend className="mb-1.5 text-sm font-medium">Pay by</legend>
                <div className="grid grid-cols-2 gap-2">
                  {METHODS.map(({ channel: c, title, hint, Icon }) => (
                    <button
                      key={c}
                      type="button"
                      aria-pressed={channel === c}
                      disabled={busy !== null}
                      onClick={() => void choose(c)}
                      className="flex min-h-14 flex-col items-start gap-0.5 rounded-lg border border-neutral-200 bg-white px-3 py-2 text-left hover:border-accent disabled:opacity-60 aria-pressed:border-accent aria-pressed:ring-1 aria-pressed:ring-accent dark:border-neutral-700 dark:bg-neutral-900"
                      data-testid={`invoice-method-${c}`}
                    >
                      <span className="flex items-center gap-1.5 font-medium">
                        {busy === `choose:${c}` ? (
                          <LoaderCircle className="h-4 w-4 animate-spin" aria-hidden />
                        ) : (
                          <Icon className="h-4 w-4 text-accent" aria-hidden />
                        )}
                        {title}
                      </span>
                      <span className="text-xs text-neutral-500">{hint}</span>
                    </button>
                  ))}
                </div>
              </fieldset>

              {current?.channel === "bank_transfer" && (
                <InvoiceBankPanel details={current} amount={amount} serverNow={serverNow} onExpire={() => expire("bank_transfer")} />
              )}
              {current?.channel === "payid" && <InvoicePayIdPanel details={current} amount={amount} serverNow={serverNow} onExpire={() => expire("payid")} />}

              {current && (
                <Button size="lg" className="w-full" onClick={() => setChecking(true)} disabled={busy !== null} data-testid="invoice-sent-money">
                  I&apos;ve sent the money
                </Button>
              )}
            </>
          )}

          {view.testMode && channel && current && (
            <SimulateBox hint={`Pays this invoice from the sandbox bank by ${channel === "payid" ? "PayID" : "bank transfer"}; no real money moves.`}>
              <Button
                variant="secondary"
                className="w-full"
                onClick={() => void simulate()}
                disabled={busy !== null || amount === null}
                data-testid="invoice-simulate"
              >
                {busy === "simulate" ? "Paying…" : amount !== null ? `Simulate payment of ${formatNaira(amount)}` : "Simulate payment"}
              </Button>
            </SimulateBox>
          )}
        </HostedCard>
      )}

      {view.state !== "paid" && view.payments.length > 0 && (
        <HostedCard>
          <PaymentList payments={view.payments} title="Payments so far" />
        </HostedCard>
      )}

      <InvoiceBreakdown view={view} />
    </div>
  );
}

const CLOSED_COPY: Partial<Record<InvoicePageView["state"], (merchant: string) => { title: string; body: string }>> = {
  draft: () => ({ title: "This invoice has not been issued yet", body: "There is nothing to pay yet. You will get a link once it is sent to you." }),
  paused: (m) => ({
    title: "This invoice is paused",
    body: `${m} has paused this invoice, so it takes no payment for now. Please do not send money for it; contact ${m} if you have questions.`,
  }),
  cancelled: (m) => ({ title: "This invoice was cancelled", body: `${m} cancelled this invoice. Please do not send money for it.` }),
};

function ClosedNotice({ view }: { view: InvoicePageView }) {
  const copy = (CLOSED_COPY[view.state] ?? (() => ({ title: "This invoice takes no payment", body: "Please do not send money for it." })))(view.merchantName);
  return (
    <HostedCard className="text-center">
      <div data-testid="invoice-closed" data-state={view.state}>
        <h2 className="text-lg font-semibold">{copy.title}</h2>
        <p className="mt-1 text-sm text-neutral-600 dark:text-neutral-400">{copy.body}</p>
      </div>
    </HostedCard>
  );
}
