"use client";

import { useAction } from "next-safe-action/hooks";
import Link from "@/components/ui/link";
import { useRouter } from "next/navigation";
import { useEffect, useMemo, useState } from "react";
import { lookupPayIdAction, quoteAction, resolveAccountAction, sendMoneyAction } from "@/lib/actions/transfers";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import { Dialog } from "@/components/ui/dialog";
import { Field, Input } from "@/components/ui/input";
import { NairaField, useNairaField } from "@/components/ui/naira-input";
import { Select } from "@/components/ui/select";
import { useToastAction } from "@/components/ui/use-toast-action";
import { formatNaira } from "@/lib/money";
import { TRANSFER_AMOUNT_FIELD } from "@/lib/transfers/transfer-amount-field";
import type { MemberView } from "@/lib/wallets/wallet-view";

type Bank = { bankCode: string; bankName: string };
type Kind = "bank_transfer" | "payid";

const newReference = () => `dash_${crypto.randomUUID()}`;

/** `stepUp`: the member has two-factor on, so the confirmation asks for a current code (the server checks it). */
export function SendMoneyForm({ banks, balance, members = [], stepUp = false }: { banks: Bank[]; balance: number; members?: MemberView[]; stepUp?: boolean }) {
  const router = useRouter();
  const [kind, setKind] = useState<Kind>("bank_transfer");
  const [accountNumber, setAccountNumber] = useState("");
  const [accountLeft, setAccountLeft] = useState(false);
  const [bankCode, setBankCode] = useState("");
  const [payId, setPayId] = useState("");
  const naira = useNairaField(TRANSFER_AMOUNT_FIELD);
  const [narration, setNarration] = useState("");
  const [confirming, setConfirming] = useState(false);
  const [twoFactorCode, setTwoFactorCode] = useState("");
  // One idempotency reference per attempt: a double click or a retry cannot send twice.
  const [reference, setReference] = useState(newReference);

  const resolve = useAction(resolveAccountAction);
  const lookup = useAction(lookupPayIdAction);
  const quote = useAction(quoteAction);
  const send = useToastAction(sendMoneyAction, {
    success: (data) =>
      data &&
      (data.awaitingApproval
        ? "Above your approval limit: waiting for another member to approve"
        : data.status === "completed"
          ? "Transfer completed"
          : "Transfer sent: awaiting the bank"),
    onSuccess: ({ data }) => data && router.push(data.reference ? `/dashboard/transfers/${data.reference}` : "/dashboard/transfers?approvals=1"),
    error: "The transfer could not be sent",
    onError: () => {
      setConfirming(false);
      setTwoFactorCode("");
      setReference(newReference());
    },
  });

  // Only an amount within the transfer limits is quoted; the field names the limit it breaks.
  const amount = naira.kobo;
  const bank = banks.find((b) => b.bankCode === bankCode);
  const { execute: runResolve } = resolve;
  const { execute: runQuote } = quote;

  useEffect(() => {
    if (kind === "bank_transfer" && /^\d{10}$/.test(accountNumber) && bankCode) runResolve({ accountNumber, bankCode });
  }, [kind, accountNumber, bankCode, runResolve]);

  useEffect(() => {
    if (amount === null || amount < 1) return;
    const t = setTimeout(() => runQuote({ amount, type: kind }), 250);
    return () => clearTimeout(t);
  }, [amount, kind, runQuote]);

  const recipientName = kind === "bank_transfer" ? resolve.result.data?.account_name : lookup.result.data?.name;
  const q = quote.result.data && quote.result.data.amount === amount ? quote.result.data : null;
  const amountProblem = naira.problem;
  const insufficient = q ? q.total > q.available_balance : false;
  const ready = Boolean(recipientName) && amount !== null && !amountProblem && q !== null && !insufficient;

  const body = useMemo(() => {
    if (amount === null) return null;
    const common = { amount, reference, ...(narration.trim() ? { narration: narration.trim() } : {}) };
    return kind === "bank_transfer"
      ? { type: "bank_transfer" as const, account_number: accountNumber, bank_code: bankCode, account_name: recipientName ?? "", ...common }
      : { type: "payid" as const, pay_id: payId, ...common };
  }, [amount, reference, narration, kind, accountNumber, bankCode, recipientName, payId]);

  return (
    <Card className="max-w-xl space-y-5">
      <div className="grid grid-cols-2 gap-2" role="radiogroup" aria-label="Send to">
        {(["bank_transfer", "payid"] as const).map((k) => (
          <button
            key={k}
            type="button"
            role="radio"
            aria-checked={kind === k}
            onClick={() => setKind(k)}
            className={cn(
              "rounded-md border px-3 py-2 text-sm",
              kind === k ? "border-accent bg-accent-soft/40 font-medium" : "border-neutral-300 dark:border-neutral-700",
            )}
          >
            {k === "bank_transfer" ? "Bank account" : "PayID"}
          </button>
        ))}
      </div>

      {kind === "bank_transfer" ? (
        <div className="space-y-4">
          <Field label="Bank" htmlFor="bank">
            <Select id="bank" value={bankCode} onChange={(e) => setBankCode(e.target.value)} className="w-full">
              <option value="">Choose a bank</option>
              {banks.map((b) => (
                <option key={b.bankCode} value={b.bankCode}>
                  {b.bankName}
                </option>
              ))}
            </Select>
          </Field>
          <Field
            label="Account number"
            htmlFor="account-number"
            // A short number is not looked up: it says so, rather than "Account not found".
            error={accountLeft && accountNumber.length > 0 && accountNumber.length < 10 ? "The account number must be 10 digits" : resolve.result.serverError}
          >
            <Input
              id="account-number"
              inputMode="numeric"
              maxLength={10}
              value={accountNumber}
              onChange={(e) => setAccountNumber(e.target.value.replace(/\D/g, ""))}
              onBlur={() => setAccountLeft(true)}
              placeholder="0123456789"
              data-testid="account-number"
            />
          </Field>
          {resolve.isPending && <p className="text-sm text-neutral-500">Checking the account…</p>}
          {recipientName && !resolve.isPending && (
            <p className="rounded-md bg-green-50 px-3 py-2 text-sm text-green-900" data-testid="recipient-name">
              {recipientName}
            </p>
          )}
        </div>
      ) : (
        <div className="space-y-2">
          {members.length > 0 && (
            <Field label="Saved recipient" htmlFor="saved-recipient" hint="Members of your wallet: pick one instead of typing its PayID.">
              <Select
                id="saved-recipient"
                className="w-full"
                value={members.some((m) => m.pay_id === payId.replace(/^@/, "").toLowerCase()) ? payId.replace(/^@/, "").toLowerCase() : ""}
                onChange={(e) => {
                  setPayId(e.target.value);
                  if (e.target.value) lookup.execute({ payId: e.target.value });
                }}
                data-testid="saved-recipient"
              >
                <option value="">Choose a saved recipient, or type a PayID below</option>
                {members.map((m) => (
                  <option key={m.pay_id} value={m.pay_id}>
                    {m.label ? `${m.label} · ` : ""}
                    {m.name} (@{m.pay_id})
                  </option>
                ))}
              </Select>
            </Field>
          )}
          <Field label="Recipient PayID" htmlFor="pay-id" error={lookup.result.serverError}>
            <Input
              id="pay-id"
              value={payId}
              onChange={(e) => setPayId(e.target.value)}
              onBlur={() => payId.trim() && lookup.execute({ payId })}
              placeholder="@acme"
            />
          </Field>
          <p className="text-xs text-neutral-500">
            <Link href="/dashboard/transfers/wallet" className="text-accent hover:underline" data-testid="manage-recipients">
              Manage saved recipients
            </Link>
          </p>
          {lookup.isPending && <p className="text-sm text-neutral-500">Looking up the PayID…</p>}
          {recipientName && !lookup.isPending && (
            <p className="rounded-md bg-green-50 px-3 py-2 text-sm text-green-900" data-testid="recipient-name">
              {recipientName}
            </p>
          )}
        </div>
      )}

      <NairaField field={naira} id="amount" label="Amount (₦)" hint={`Available: ${formatNaira(q?.available_balance ?? balance)}`} />
      <Field label="Narration (optional)" htmlFor="narration">
        <Input id="narration" maxLength={100} value={narration} onChange={(e) => setNarration(e.target.value)} />
      </Field>

      {q && !amountProblem && (
        <dl className="grid grid-cols-2 gap-y-1 rounded-md bg-neutral-50 p-3 text-sm dark:bg-neutral-950" data-testid="quote">
          <dt className="text-neutral-500">Amount</dt>
          <dd className="whitespace-nowrap text-right tabular-nums">{formatNaira(q.amount)}</dd>
          <dt className="text-neutral-500">Fee</dt>
          <dd className="whitespace-nowrap text-right tabular-nums">{formatNaira(q.fee)}</dd>
          <dt className="text-neutral-500">VAT</dt>
          <dd className="whitespace-nowrap text-right tabular-nums">{formatNaira(q.vat)}</dd>
          <dt className="text-neutral-500">Stamp duty</dt>
          <dd className="whitespace-nowrap text-right tabular-nums">{formatNaira(q.stamp_duty)}</dd>
          <dt className="font-medium">Total debit</dt>
          <dd className="whitespace-nowrap text-right font-medium tabular-nums" data-testid="quote-total">
            {formatNaira(q.total)}
          </dd>
        </dl>
      )}
      {insufficient && (
        <p className="text-sm text-red-700" data-testid="insufficient">
          Your balance is too low for this transfer.
        </p>
      )}

      <Button className="w-full" disabled={!ready} onClick={() => setConfirming(true)} data-testid="review-transfer">
        Review transfer
      </Button>

      <Dialog open={confirming} onClose={() => !send.isPending && setConfirming(false)} title="Confirm transfer">
        {q && (
          <div className="space-y-4 text-sm">
            <p>
              Send <b>{formatNaira(q.amount)}</b> to <b>{recipientName}</b>
              {kind === "bank_transfer" ? (
                <>
                  {" "}
                  at {bank?.bankName} ({accountNumber})
                </>
              ) : (
                <> (PayID @{payId.replace(/^@/, "")})</>
              )}
              .
            </p>
            <p className="text-neutral-600">
              {formatNaira(q.total)} will leave your wallet
              {q.total > q.amount
                ? ` (fee ${formatNaira(q.fee)}, VAT ${formatNaira(q.vat)}${q.stamp_duty ? `, stamp duty ${formatNaira(q.stamp_duty)}` : ""})`
                : ""}
              .
            </p>
            {stepUp && (
              <Field label="Code from your authenticator app" htmlFor="send-2fa" hint="Asked each time money leaves; a recovery code works too">
                <Input
                  id="send-2fa"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={64}
                  value={twoFactorCode}
                  onChange={(e) => setTwoFactorCode(e.target.value)}
                  data-testid="send-2fa-code"
                />
              </Field>
            )}
            <div className="flex justify-end gap-2">
              <Button variant="secondary" onClick={() => setConfirming(false)} disabled={send.isPending}>
                Back
              </Button>
              <Button
                onClick={() => body && send.execute({ transfer: body, twoFactorCode: stepUp ? twoFactorCode : undefined })}
                disabled={send.isPending || (stepUp && twoFactorCode.trim().length < 6)}
                data-testid="confirm-send"
              >
                {send.isPending ? "Sending…" : `Send ${formatNaira(q.amount)}`}
              </Button>
            </div>
          </div>
        )}
      </Dialog>
    </Card>
  );
}
