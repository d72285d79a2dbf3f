"use client";

import Link from "@/components/ui/link";
import { useRouter } from "next/navigation";
import { useMemo, useState } from "react";
import { StatusBadge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardTitle } from "@/components/ui/card";
import { Dialog } from "@/components/ui/dialog";
import { FieldError } from "@/components/ui/field-errors";
import { Field, Input } from "@/components/ui/input";
import { useFilePicker } from "@/components/ui/use-file-picker";
import { useToastAction } from "@/components/ui/use-toast-action";
import { checkBulkFileAction, submitBulkBatchAction } from "@/lib/actions/bulk-transfers";
import { BULK_LIMITS, BULK_TEMPLATE } from "@/lib/bulk-transfers/bulk-limits";
import { formatNaira } from "@/lib/money";

type File_ = { name: string; text: string };

/**
 * Bulk transfers (issue 25): pick a CSV, see every row checked (name enquiry included) with the
 * reason a row cannot be sent, remove bad rows or fix the file, review the total with fees, and
 * submit the batch (with the second factor when the member has one).
 */
export function BulkUpload({ stepUp }: { stepUp: boolean }) {
  const router = useRouter();
  const [file, setFile] = useState<File_ | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [removed, setRemoved] = useState<Set<number>>(new Set());
  const [confirming, setConfirming] = useState(false);
  const [code, setCode] = useState("");
  const check = useToastAction(checkBulkFileAction, { error: false, onSuccess: () => setRemoved(new Set()) });
  const submit = useToastAction(submitBulkBatchAction, {
    success: (d) =>
      d?.status === "awaiting_approval" ? "Batch submitted: it waits for another member's approval" : "Batch submitted: the transfers are going out",
    onSuccess: ({ data }) => router.push(`/dashboard/transfers/bulk/${data.id}`),
    onError: () => setCode(""),
  });
  const checked = file && check.result.data && !check.isPending ? check.result.data : null;
  const rows = useMemo(() => (checked ? checked.rows.filter((r) => !removed.has(r.row)) : []), [checked, removed]);
  const bad = rows.filter((r) => r.problem);
  const good = rows.filter((r) => !r.problem);
  const amount = good.reduce((s, r) => s + (r.amount ?? 0), 0);
  const fees = good.reduce((s, r) => s + (r.fees ?? 0), 0);
  const short = checked ? amount + fees > checked.balance : false;
  const canSubmit = Boolean(checked) && good.length > 0 && bad.length === 0 && !short && !checked?.duplicateOf;

  async function pick(f: File | undefined) {
    setFileError(null);
    setFile(null);
    check.reset();
    if (!f) return;
    if (f.size > BULK_LIMITS.maxBytes) {
      setFileError(`The file is larger than ${BULK_LIMITS.maxBytes / 1024} KB. Split it into smaller files.`);
      return;
    }
    const text = await f.text();
    setFile({ name: f.name, text });
    check.execute({ fileName: f.name, text });
  }
  const picker = useFilePicker((f) => void pick(f));

  return (
    <div className="space-y-5">
      <Card className="space-y-3">
        <CardTitle>Upload a CSV</CardTitle>
        <p className="text-sm text-neutral-600 dark:text-neutral-400">
          Columns: <code>account_number</code>, <code>bank_code</code> (or <code>bank</code> with the bank&apos;s name), <code>amount</code> in naira (e.g.
          25,000.50), and optionally <code>narration</code> and <code>reference</code>. Up to {BULK_LIMITS.maxRows.toLocaleString("en-NG")} rows and{" "}
          {BULK_LIMITS.maxBytes / 1024} KB.{" "}
          <a
            href={`data:text/csv;charset=utf-8,${encodeURIComponent(BULK_TEMPLATE)}`}
            download="owo-bulk-template.csv"
            className="text-accent underline underline-offset-2"
            data-testid="bulk-template"
          >
            Download a template
          </a>
        </p>
        <Field label="CSV file" htmlFor="bulk-file">
          <Input id="bulk-file" type="file" accept=".csv,text/csv" {...picker} data-testid="bulk-file" className="h-auto py-1.5" />
        </Field>
        <FieldError message={fileError ?? (file ? check.result.serverError : undefined)} testId="bulk-file-error" />
        {check.isPending && (
          <p className="text-sm text-neutral-500" data-testid="bulk-checking" aria-live="polite">
            Checking each row and its account name…
          </p>
        )}
      </Card>

      {checked && (
        <>
          <Card className="space-y-3" data-testid="bulk-review-summary">
            <CardTitle>Review {file?.name}</CardTitle>
            <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
              <div>
                <dt className="text-neutral-500">Transfers</dt>
                <dd className="font-medium" data-testid="bulk-good-count">
                  {good.length}
                </dd>
              </div>
              <div>
                <dt className="text-neutral-500">Amount</dt>
                <dd className="font-medium tabular-nums" data-testid="bulk-total">
                  {formatNaira(amount)}
                </dd>
              </div>
              <div>
                <dt className="text-neutral-500">Fees</dt>
                <dd className="font-medium tabular-nums" data-testid="bulk-fees">
                  {formatNaira(fees)}
                </dd>
              </div>
              <div>
                <dt className="text-neutral-500">Total debited</dt>
                <dd className="font-medium tabular-nums" data-testid="bulk-debit">
                  {formatNaira(amount + fees)}
                </dd>
              </div>
            </dl>
            {bad.length > 0 && (
              <div
                className="flex flex-wrap items-center gap-3 rounded-md bg-red-50 p-3 text-sm text-red-800 dark:bg-red-950 dark:text-red-200"
                data-testid="bulk-bad-summary"
              >
                <span>
                  {bad.length === 1 ? "1 row has a problem" : `${bad.length} rows have problems`}: fix the file and upload it again, or remove{" "}
                  {bad.length === 1 ? "it" : "them"}.
                </span>
                <Button size="sm" variant="secondary" onClick={() => setRemoved(new Set([...removed, ...bad.map((r) => r.row)]))} data-testid="bulk-remove-bad">
                  Remove {bad.length === 1 ? "the bad row" : `${bad.length} bad rows`}
                </Button>
              </div>
            )}
            {short && (
              <p className="text-sm text-red-700" data-testid="bulk-insufficient">
                The wallet holds {formatNaira(checked.balance)}: not enough for this batch with fees.
              </p>
            )}
            {checked.duplicateOf && (
              <p className="text-sm text-red-700" data-testid="bulk-duplicate">
                This file was already uploaded.{" "}
                <Link href={`/dashboard/transfers/bulk/${checked.duplicateOf.id}`} className="text-accent underline underline-offset-2">
                  Open that batch
                </Link>{" "}
                instead of paying twice.
              </p>
            )}
            <div className="flex justify-end">
              <Button onClick={() => setConfirming(true)} disabled={!canSubmit} data-testid="bulk-review" className="w-full sm:w-auto">
                Send {good.length} {good.length === 1 ? "transfer" : "transfers"}
              </Button>
            </div>
          </Card>

          <ul
            className="divide-y divide-neutral-100 rounded-lg border border-neutral-200 bg-white dark:divide-neutral-800 dark:border-neutral-800 dark:bg-neutral-900"
            data-testid="bulk-rows"
          >
            {rows.map((r) => (
              <li
                key={r.row}
                className="grid gap-1 px-4 py-3 text-sm md:grid-cols-[3rem_minmax(0,2fr)_minmax(0,2fr)_8rem_minmax(0,2fr)] md:items-center md:gap-3"
                data-testid="bulk-row"
                data-status={r.problem ? "bad" : "ok"}
              >
                <span className="text-xs text-neutral-500">Row {r.row}</span>
                <span className="min-w-0">
                  <span className="block truncate font-medium" data-testid="bulk-row-name">
                    {r.accountName ?? "—"}
                  </span>
                  <span className="block truncate text-xs text-neutral-500">
                    {r.bankName ?? (r.bankText || "No bank")} · {r.accountNumber || "no account number"}
                  </span>
                </span>
                <span className="min-w-0 truncate text-xs text-neutral-500">
                  {r.narration ?? ""}
                  {r.reference ? ` · ${r.reference}` : ""}
                </span>
                <span className="tabular-nums md:text-right">{r.amount !== null ? formatNaira(r.amount) : r.amountText || "—"}</span>
                <span className="min-w-0">
                  {r.problem ? (
                    <span className="text-red-700 dark:text-red-300" data-testid="bulk-row-problem">
                      {r.problem}
                    </span>
                  ) : (
                    <StatusBadge status="completed" label="Ready" />
                  )}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}

      {confirming && checked && (
        <Dialog open onClose={() => !submit.isPending && setConfirming(false)} title="Send this batch?">
          <div className="space-y-4 text-sm">
            <p data-testid="bulk-confirm-text">
              {good.length} {good.length === 1 ? "transfer" : "transfers"} of {formatNaira(amount)} in all, plus {formatNaira(fees)} in fees:{" "}
              {formatNaira(amount + fees)} leaves the wallet. A batch above your business&apos;s approval threshold waits for another member first.
            </p>
            {stepUp && (
              <Field label="Code from your authenticator app" htmlFor="bulk-2fa" hint="Asked each time money leaves; a recovery code works too">
                <Input
                  id="bulk-2fa"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={64}
                  value={code}
                  onChange={(e) => setCode(e.target.value)}
                  data-testid="bulk-2fa-code"
                />
              </Field>
            )}
            <FieldError message={submit.result.serverError} testId="bulk-submit-error" />
            <div className="flex justify-end gap-2">
              <Button variant="secondary" onClick={() => setConfirming(false)} disabled={submit.isPending}>
                Cancel
              </Button>
              <Button
                onClick={() =>
                  file && submit.execute({ fileName: file.name, text: file.text, removedRows: [...removed], twoFactorCode: stepUp ? code : undefined })
                }
                disabled={submit.isPending || (stepUp && code.trim().length < 6)}
                data-testid="bulk-confirm"
              >
                {submit.isPending ? "Sending…" : `Send ${formatNaira(amount)}`}
              </Button>
            </div>
          </div>
        </Dialog>
      )}
    </div>
  );
}
