"use client";

import { AtSign, Bitcoin, ChevronRight, CreditCard, Landmark, LoaderCircle } from "lucide-react";
import { useCallback, useRef, useState } from "react";
import { toast } from "sonner";
import { selectMethodAction, simulateCheckoutPaymentAction, switchBankAction, verifyCheckoutAction } from "@/lib/actions/hosted";
import { CheckingPayment } from "@/components/hosted/checking-payment";
import { Countdown } from "@/components/hosted/countdown";
import { PayIdPanel } from "@/components/hosted/payid-panel";
import { Button } from "@/components/ui/button";
import { usePolling } from "@/components/ui/use-polling";
import { useHydrated } from "@/components/ui/use-hydrated";
import { useLiveStatus } from "@/components/hosted/use-live-status";
import { livePath } from "@/lib/hosted/live-keys";
import type { CryptoAsset } from "@/lib/crypto-assets/catalogue";
import type { PaymentDetails } from "@/lib/sessions/session-views";
import { actionErrorMessage } from "@/components/hosted/action-error";
import { BankTransferPanel } from "./bank-transfer-panel";
import { CardPanel, CryptoPanel } from "./card-crypto-panel";
import { CheckoutOutcome, type OutcomeStatus } from "./checkout-outcome";
import { EmbedBridge, postToParent } from "./embed-bridge";
import type { EmbedPayment } from "@/lib/hosted/embed-payment";
import { METHOD_LABELS, type CheckoutMethod, type CheckoutView } from "./checkout-view";
import { HostedCard } from "@/components/hosted/hosted-shell";
import { PaySummary } from "@/components/hosted/pay-summary";
import { SimulateBox } from "@/components/hosted/simulate-box";

const POLL_MS = 2_000;
const ICONS: Record<CheckoutMethod, typeof Landmark> = { bank_transfer: Landmark, payid: AtSign, card: CreditCard, crypto: Bitcoin };

/**
 * The hosted checkout, one step at a time: choose a method → see where to pay → paid (back to
 * callback_url) / expired / replaced. From the moment it is shown the page follows the
 * session's status (useLiveStatus), so money sent from a bank app or another phone moves it to
 * paid with no click; "I've sent the money" is reassurance (it also polls verify every 2 s).
 * Embedded by the inline checkout (view.embeddedIn): the same steps; the shop page is told of
 * the payment and of Esc / "Done" instead of any redirect (EmbedBridge).
 */
export function CheckoutFlow({ view }: { view: CheckoutView }) {
  const { sessionId } = view;
  const [outcome, setOutcome] = useState<{ status: OutcomeStatus; justNow: boolean; payment: EmbedPayment | null } | null>(
    view.status === "active" ? null : { status: view.status, justNow: false, payment: view.paid },
  );
  const [method, setMethod] = useState<CheckoutMethod | null>(view.details?.payment_method ?? null);
  const [details, setDetails] = useState<PaymentDetails | null>(view.details);
  const [qrSvg, setQrSvg] = useState<string | null>(view.qrSvg);
  const [checking, setChecking] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(view.initialError);
  const hydrated = useHydrated();
  // The outcome is taken once, whichever road reports it first (the live status, the poll,
  // a failed action): the embedding shop's onSuccess must fire once.
  const settled = useRef(view.status !== "active");

  /** Reads the session's status; anything but active ends the flow. */
  const sync = useCallback(async () => {
    const r = await verifyCheckoutAction({ sessionId });
    const status = r?.data?.status;
    if (status && status !== "active" && !settled.current) {
      settled.current = true;
      setOutcome({ status, justNow: true, payment: r?.data?.payment ?? null });
      setChecking(false);
    }
    return status;
  }, [sessionId]);

  // Money sent from anywhere: the server announces the session's new status.
  useLiveStatus(outcome ? null : livePath("session", sessionId), (status) => {
    if (status !== "active") void sync().catch(() => undefined);
  });

  // "I've sent the money": ask every 2 s until the payment lands or the session ends.
  const poll = useCallback(async () => {
    const status = await sync().catch(() => undefined);
    return !status || status === "active";
  }, [sync]);
  usePolling(checking, poll, { everyMs: POLL_MS, firstMs: 0 });

  const onExpire = useCallback(() => void sync(), [sync]);

  async function choose(m: CheckoutMethod) {
    setError(null);
    if (m === "card" || m === "crypto") {
      setMethod(m);
      return;
    }
    if (details?.payment_method === m) {
      setMethod(m);
      return;
    }
    setBusy(`select:${m}`);
    const r = await selectMethodAction({ sessionId, method: m }).catch(() => undefined);
    setBusy(null);
    if (r?.data) {
      setDetails(r.data.details);
      setQrSvg(r.data.qrSvg);
      setMethod(m);
    } else {
      setError(actionErrorMessage(r));
      void sync();
    }
  }

  async function switchTo(provider: string): Promise<boolean> {
    setError(null);
    setBusy("switch");
    const r = await switchBankAction({ sessionId, provider }).catch(() => undefined);
    setBusy(null);
    if (r?.data) {
      setDetails(r.data);
      toast.success(`New account at ${r.data.bank_name}`);
      return true;
    }
    setError(actionErrorMessage(r));
    void sync();
    return false;
  }

  async function simulate(asset?: CryptoAsset) {
    if (!method) return;
    setError(null);
    setBusy("simulate");
    const r = await simulateCheckoutPaymentAction({ sessionId, method, asset: asset?.assetCode, network: asset?.network }).catch(() => undefined);
    setBusy(null);
    if (r?.data) setChecking(true);
    else {
      setError(actionErrorMessage(r));
      void sync();
    }
  }

  const parentOrigin = view.embeddedIn;
  const summary = (
    <>
      {parentOrigin && <EmbedBridge parentOrigin={parentOrigin} sessionId={sessionId} payment={outcome?.payment ?? null} />}
      <PaySummary merchantName={view.merchantName} amount={view.amount} lineItems={view.lineItems} />
    </>
  );
  if (outcome) {
    return (
      <>
        {summary}
        <HostedCard>
          <CheckoutOutcome
            status={outcome.status}
            justNow={outcome.justNow}
            amount={view.amount}
            merchantName={view.merchantName}
            reference={view.reference}
            returnUrl={view.returnUrl}
            onDone={parentOrigin ? () => postToParent(parentOrigin, { type: "owo:close", session_id: sessionId }) : undefined}
          />
        </HostedCard>
      </>
    );
  }

  const errorBox = error && (
    <p
      role="alert"
      data-testid="checkout-error"
      className="mb-3 rounded-lg bg-red-50 p-3 text-sm text-red-800 ring-1 ring-red-200 dark:bg-red-950/40 dark:text-red-200 dark:ring-red-900"
    >
      {error}
    </p>
  );

  if (checking) {
    return (
      <>
        {summary}
        <HostedCard>
          <CheckingPayment onBack={() => setChecking(false)} testId="checking" backTestId="back-to-details" />
        </HostedCard>
      </>
    );
  }

  const activeDetails = method && details?.payment_method === method ? details : null;
  return (
    <>
      {summary}
      <HostedCard>
        {errorBox}
        {!method ? (
          <MethodChooser methods={view.methods} busy={busy} ready={hydrated} onChoose={choose} />
        ) : (
          <div className="space-y-4">
            <div className="flex items-center justify-between gap-2">
              <h2 className="text-base font-semibold" data-testid="method-title">
                {METHOD_LABELS[method].heading}
              </h2>
              {view.methods.length > 1 && (
                <button
                  type="button"
                  className="text-sm text-accent underline-offset-2 hover:underline"
                  onClick={() => setMethod(null)}
                  data-testid="change-method"
                >
                  Change method
                </button>
              )}
            </div>

            {activeDetails?.payment_method === "bank_transfer" && (
              <BankTransferPanel details={activeDetails} serverNow={view.serverNow} busy={busy !== null} onSwitchBank={switchTo} onExpire={onExpire} />
            )}
            {activeDetails?.payment_method === "payid" && (
              <PayIdPanel
                payId={activeDetails.pay_id}
                qrSvg={qrSvg}
                amount={activeDetails.amount}
                exact
                expiry={
                  <>
                    This PayID is for this payment only and expires in{" "}
                    <Countdown expiresAt={activeDetails.expires_at} serverNow={view.serverNow} onExpire={onExpire} />.
                  </>
                }
              >
                <p className="text-center text-sm">
                  <a href={activeDetails.qr_data} className="font-medium text-accent underline-offset-2 hover:underline" data-testid="pay-link">
                    Open the pay link
                  </a>
                </p>
              </PayIdPanel>
            )}
            {method === "card" && <CardPanel amount={view.amount} testMode={view.testMode} busy={busy === "simulate"} onSimulate={() => void simulate()} />}
            {method === "crypto" && (
              <CryptoPanel
                amount={view.amount}
                assets={view.cryptoAssets}
                testMode={view.testMode}
                busy={busy === "simulate"}
                onSimulate={(a) => void simulate(a)}
              />
            )}

            {activeDetails && (
              <>
                <Button size="lg" className="w-full" onClick={() => setChecking(true)} disabled={busy !== null} data-testid="i-have-paid">
                  I&apos;ve sent the money
                </Button>
                {view.testMode && (
                  <SimulateBox
                    hint={`Pays ${activeDetails.payment_method === "bank_transfer" ? "this account" : "this PayID"} from the sandbox bank; no real money moves.`}
                  >
                    <Button
                      variant="secondary"
                      className="w-full"
                      onClick={() => void simulate()}
                      disabled={!hydrated || busy !== null}
                      data-testid="simulate-payment"
                    >
                      {busy === "simulate" ? "Paying…" : "Simulate payment"}
                    </Button>
                  </SimulateBox>
                )}
              </>
            )}
            {(method === "bank_transfer" || method === "payid") && !activeDetails && (
              <Button size="lg" className="w-full" onClick={() => void choose(method)} disabled={busy !== null}>
                {busy ? "Preparing…" : "Try again"}
              </Button>
            )}
          </div>
        )}
      </HostedCard>
    </>
  );
}

function MethodChooser({
  methods,
  busy,
  ready,
  onChoose,
}: {
  methods: CheckoutMethod[];
  busy: string | null;
  ready: boolean;
  onChoose: (m: CheckoutMethod) => void;
}) {
  return (
    <div>
      <h2 className="mb-3 text-base font-semibold">How would you like to pay?</h2>
      <ul className="space-y-2">
        {methods.map((m) => {
          const Icon = ICONS[m];
          const loading = busy === `select:${m}`;
          return (
            <li key={m}>
              <button
                type="button"
                onClick={() => onChoose(m)}
                disabled={!ready || busy !== null}
                className="flex w-full items-center gap-3 rounded-lg border border-neutral-200 bg-white px-3 py-3 text-left hover:border-accent focus-visible:outline-2 focus-visible:outline-accent disabled:opacity-60 dark:border-neutral-700 dark:bg-neutral-900"
                data-testid={`method-${m}`}
              >
                <Icon className="h-5 w-5 shrink-0 text-accent" aria-hidden />
                <span className="min-w-0 flex-1">
                  <span className="block font-medium">{METHOD_LABELS[m].title}</span>
                  <span className="block text-sm text-neutral-500">{METHOD_LABELS[m].hint}</span>
                </span>
                {loading ? (
                  <LoaderCircle className="h-4 w-4 animate-spin" aria-label="Preparing" />
                ) : (
                  <ChevronRight className="h-4 w-4 text-neutral-400" aria-hidden />
                )}
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
