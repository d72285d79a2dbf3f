import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { users, type ReconciliationRun } from "@/db/schema";
import { configuredBaseUrl } from "@/lib/public-links";
import { sendMail, smtpConfigured } from "@/lib/mail/mailer";
import { formatNaira } from "@/lib/money";

/** The exceptions a run leaves for an admin. */
export const runExceptions = (run: ReconciliationRun) => run.missingAtProvider + run.amountMismatch + run.unexpectedDebit;

/** The provider's balance less the ledger's; null when the source has no balance. */
export const balanceDifference = (run: ReconciliationRun) =>
  run.providerBalance === null || run.ledgerBalance === null ? null : run.providerBalance - run.ledgerBalance;

/**
 * Emails every platform admin (when SMTP is set) about a run that left exceptions or whose
 * provider balance differs from the ledger's clearing account. Returns how many mails went.
 */
export async function sendRunAlert(db: Db, run: ReconciliationRun, opts: { baseUrl?: string } = {}): Promise<number> {
  const exceptions = runExceptions(run);
  const difference = balanceDifference(run);
  if (!smtpConfigured() || (exceptions === 0 && !difference)) return 0;
  const admins = await db.select({ email: users.email }).from(users).where(eq(users.isAdmin, true));
  const lines = [
    `Reconciliation of ${run.rail} for ${run.day} (${run.source === "file" ? `file ${run.fileName ?? ""}` : "the provider's API"}):`,
    "",
    `${run.lines} provider lines: ${run.matched} matched, ${run.booked} booked, ${run.unknownInbound} to suspense, ${run.statusApplied} status applied.`,
    `Exceptions: ${run.missingAtProvider} missing at the provider, ${run.amountMismatch} amount mismatches, ${run.unexpectedDebit} unexpected debits.`,
    difference
      ? `The provider holds ${formatNaira(run.providerBalance!)}; the ledger expects ${formatNaira(run.ledgerBalance!)} (a difference of ${formatNaira(Math.abs(difference))}).`
      : "",
    "",
    `Review it: ${opts.baseUrl ?? configuredBaseUrl() ?? ""}/admin/reconciliation/${run.id}`,
  ].filter((l, i, all) => l !== "" || all[i - 1] !== "");
  let sent = 0;
  const subject = `Owo reconciliation: ${run.rail} ${run.day} needs attention`;
  for (const a of admins) if ((await sendMail({ to: a.email, subject, text: lines.join("\n"), purpose: "reconciliation alert" })) === "sent") sent++;
  return sent;
}
