import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { merchantContactEmail } from "@/db/statements/merchants";
import { virtualAccounts, type AmountValidation, type Mode, type Source, type VirtualAccount } from "@/db/schema";
import { defaultAmountValidation, nextPartnerBank } from "@/lib/bank/partner-banks";
import type { VirtualAccountIssue } from "@/lib/bank/provider";
import type { Rail, RailBank } from "@/lib/rails/rail";
import { railByName, railForBank, railsFor } from "@/lib/rails/router";
import { appError } from "@/lib/errors";
import { prefixedId, randomBase62 } from "@/lib/ids";
import { logError } from "@/lib/log";

/** The name on an account when the merchant has no business name (api.md "default platform display name"). */
export const PLATFORM_DISPLAY_NAME = "Owo Checkout";

/** account_name (and merchant_name): the merchant's business name, else the platform's. */
export function virtualAccountName(merchantName: string | null | undefined): string {
  return merchantName?.trim() || PLATFORM_DISPLAY_NAME;
}

export type IssueVirtualAccountInput = {
  merchantId: string;
  mode: Mode;
  keyPairId: string | null;
  settlementPayIdId: string;
  /** Kobo; null means any amount. */
  amount: number | null;
  /** Defaults to the partner bank's own default. */
  amountValidation?: AmountValidation;
  expiresAt: Date;
  source: Source;
  sessionId?: string | null;
  /** Set when issued for an invoice's hosted page. */
  invoiceId?: string | null;
  /** A bank key from the mode's issue banks (a session's bank switch); otherwise the next bank in turn. */
  provider?: string;
  accountName: string;
  /** The paying customer's email when known (rails that key accounts by customer need one). */
  customerEmail?: string | null;
  metadata?: Record<string, unknown> | null;
};

/** A number the bank hands out twice (or already ours in this mode) is asked for again. */
const MAX_ATTEMPTS = 5;

const newReference = () => `VA_${randomBase62(20)}`;

/**
 * The rail and bank to issue at: the named bank key, else the first rail of the mode that
 * issues one-off accounts (test: the sandbox partners in turn). Live with no such rail: 503
 * RAIL_UNAVAILABLE, before anything is stored.
 */
function partnerFor(mode: Mode, provider: string | undefined): { rail: Rail; bank: RailBank } {
  if (provider === undefined) {
    const rail = railsFor(mode, "virtualAccounts")[0]!;
    if (rail.name === "sandbox") return { rail, bank: nextPartnerBank() };
    return { rail, bank: rail.issueBanks()[0]! };
  }
  railsFor(mode, "virtualAccounts");
  const found = railForBank(mode, provider);
  if (!found) throw appError("BANK_UNAVAILABLE", { message: `Bank ${provider} is not available.` });
  return found;
}

/**
 * A temporary account number at a partner bank, standalone or for a checkout session. When
 * the bank cannot issue one, the record is still stored, `cancelled` with no account number
 * (api.md: "provider fails to create account → cancelled"), and returned as such.
 *
 * The bank is called with the caller's transaction open: the sandbox partners answer
 * in-process, and a collision on (mode, account_number) must be retried before commit.
 */
export async function issueVirtualAccount(tx: DbOrTx, input: IssueVirtualAccountInput): Promise<VirtualAccount> {
  const { rail, bank: partner } = partnerFor(input.mode, input.provider);
  const amountValidation = input.amountValidation ?? defaultAmountValidation(partner.provider);
  const base = {
    merchantId: input.merchantId,
    mode: input.mode,
    keyPairId: input.keyPairId,
    sessionId: input.sessionId ?? null,
    invoiceId: input.invoiceId ?? null,
    settlementPayIdId: input.settlementPayIdId,
    provider: partner.provider,
    bankName: partner.bankName,
    bankCode: partner.bankCode,
    rail: rail.name,
    accountName: input.accountName,
    amount: input.amount,
    amountValidation,
    source: input.source,
    metadata: input.metadata ?? null,
    expiresAt: input.expiresAt,
  };

  // A provider that keys accounts by customer needs an email: the customer's, else the business's.
  const customerEmail = input.customerEmail ?? (rail.name === "sandbox" ? null : await businessEmail(tx, input.merchantId));
  let failureReason = "The bank could not issue an account number";
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const reference = newReference();
    let answer: VirtualAccountIssue;
    try {
      answer = await rail.issueVirtualAccount({
        provider: partner.provider,
        reference,
        accountName: input.accountName,
        amount: input.amount,
        amountValidation,
        expiresAt: input.expiresAt,
        customerEmail,
        metadata: input.metadata ?? null,
        attempt,
      });
    } catch (error) {
      logError("virtual account issue failed at the bank", { provider: partner.provider, rail: rail.name, error });
      answer = { issued: false, reason: "The bank did not answer" };
    }
    if (!answer.issued) {
      failureReason = answer.reason;
      break;
    }
    // ON CONFLICT DO NOTHING keeps the caller's transaction usable when the number is taken.
    const [row] = await tx
      .insert(virtualAccounts)
      .values({
        ...base,
        publicId: prefixedId("virtualAccount"),
        reference,
        bankName: answer.bankName,
        bankCode: answer.bankCode,
        accountNumber: answer.accountNumber,
        accountName: answer.accountName,
        railReference: answer.railReference ?? null,
        status: "pending",
      })
      .onConflictDoNothing()
      .returning();
    if (row) return row;
    failureReason = "No free account number at the bank";
  }

  const [cancelled] = await tx
    .insert(virtualAccounts)
    .values({ ...base, publicId: prefixedId("virtualAccount"), reference: newReference(), accountNumber: null, status: "cancelled", failureReason })
    .returning();
  return cancelled!;
}

/** The business's contact email: its support address, else its owner's sign-in email. */
async function businessEmail(tx: DbOrTx, merchantId: string): Promise<string | null> {
  return merchantContactEmail(tx, merchantId);
}

/**
 * Stops a pending account taking payments before its expiry (a session's bank switch or
 * method change): pending → expired with retiredAt now, after the bank has closed the
 * number. Any other state is left as it is. 503 BANK_SWITCH_FAILED when the bank refuses.
 */
export async function retireVirtualAccount(tx: DbOrTx, id: string): Promise<void> {
  const [row] = await tx
    .select()
    .from(virtualAccounts)
    .where(and(eq(virtualAccounts.id, id), eq(virtualAccounts.status, "pending")))
    .for("update");
  if (!row) return;
  if (row.accountNumber) {
    const rail = railByName(row.rail) ?? railByName("sandbox")!;
    // A rail that cannot close a one-off account early (it expires on its own) is not asked: the
    // account is expired here, and money that still reaches it goes to suspense for an admin.
    const answer = rail.capabilities.retireAccounts
      ? await rail.retireVirtualAccount({
          provider: row.provider,
          reference: row.reference,
          accountNumber: row.accountNumber,
          railReference: row.railReference,
        })
      : { retired: true };
    if (!answer.retired) {
      throw appError("BANK_SWITCH_FAILED");
    }
  }
  await tx
    .update(virtualAccounts)
    .set({ status: "expired", retiredAt: sql`now()` })
    .where(and(eq(virtualAccounts.id, id), eq(virtualAccounts.status, "pending")));
}
