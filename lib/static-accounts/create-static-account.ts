import { and, eq } from "drizzle-orm";
import type { Db, DbOrTx } from "@/db/client";
import { staticAccounts, virtualAccounts, type Mode, type StaticAccount } from "@/db/schema";
import { findPartnerBank } from "@/lib/bank/partner-banks";
import type { Rail, RailBank } from "@/lib/rails/rail";
import { railFor, railsFor } from "@/lib/rails/router";
import { identityNumberHint } from "@/lib/rails/sandbox/sandbox-test-values";
import type { IdentityCheckResult, StaticAccountIssue } from "@/lib/bank/provider";
import { prefixedId } from "@/lib/ids";
import type { ErrorCode } from "@/lib/errors";
import { logError } from "@/lib/log";
import { claimCreateAttempt, recordMismatch } from "./creation-limits";
import { hashIdentityNumber, identityLast4 } from "./identity-number";
import { assertStaticAccountsEnabled } from "./product-state";
import { staticAccountErrors } from "./static-account-errors";
import type { CreateStaticAccountBody } from "./static-account-input";

/** The partner bank static accounts are issued at (its name is what the status endpoint lists). */
export const STATIC_ACCOUNT_PROVIDER = "providus";

/**
 * Where a static account is issued in `mode`: the sandbox's partner in test mode (and for the
 * sandbox rail), else the first live rail that issues permanent accounts, at its first bank.
 * Live with none: 503 RAIL_UNAVAILABLE.
 */
export function staticAccountIssuer(mode: Mode): { rail: Rail; bank: RailBank } {
  const rail = railFor(mode, "staticAccounts");
  if (rail.name === "sandbox") {
    const p = findPartnerBank(STATIC_ACCOUNT_PROVIDER)!;
    return { rail, bank: { provider: p.provider, bankName: p.bankName, bankCode: p.bankCode } };
  }
  return { rail, bank: rail.issueBanks()[0]! };
}

/** The rail that checks a name against BVN/NIN in `mode`, when one is configured. */
function identityRail(mode: Mode, issuer: Rail): Rail | null {
  if (issuer.capabilities.identityCheck) return issuer;
  try {
    return railsFor(mode, "identityCheck")[0] ?? null;
  } catch {
    return null;
  }
}

/** A number the bank hands out that is already ours (any account, this mode) is asked for again. */
const MAX_ISSUE_ATTEMPTS = 5;

export type CreateStaticAccountInput = {
  merchantId: string;
  mode: Mode;
  /** The key pair that created it: its webhook hears the account's payments. Null from the dashboard. */
  keyPairId: string | null;
  body: CreateStaticAccountBody;
};

async function findByReference(tx: DbOrTx, input: { merchantId: string; mode: Mode; reference: string }): Promise<StaticAccount | null> {
  const [row] = await tx
    .select()
    .from(staticAccounts)
    .where(and(eq(staticAccounts.merchantId, input.merchantId), eq(staticAccounts.mode, input.mode), eq(staticAccounts.reference, input.reference)))
    .limit(1);
  return row ?? null;
}

/** A reference already used: the same account back (idempotent), or 409 when that account was deleted. */
function replay(existing: StaticAccount): StaticAccount {
  if (existing.status === "deleted") throw staticAccountErrors.referenceInUse();
  return existing;
}

/**
 * POST /v1/checkout/static-account. In order: the product must be enabled; a known reference
 * answers its account (no new attempt counted); the hourly limits; the attempt is recorded;
 * the identity registry checks the name (a mismatch is recorded too); the partner bank issues
 * a permanent NUBAN; the row is written. Bank calls happen with no transaction open, and the
 * attempt rows are written outside any transaction so a failing request still counts.
 */
export async function createStaticAccount(db: Db, input: CreateStaticAccountInput): Promise<StaticAccount> {
  const { body } = input;
  const scope = { merchantId: input.merchantId, mode: input.mode };
  await assertStaticAccountsEnabled(db, input.merchantId);
  const issuer = staticAccountIssuer(input.mode);
  const existing = await findByReference(db, { ...scope, reference: body.reference });
  if (existing) return replay(existing);

  await claimCreateAttempt(db, scope);

  const bank = issuer.rail;
  // The name is checked through a rail that has an identity check; a rail without one (and none
  // other configured) does its own KYC when it issues the account.
  const checker = identityRail(input.mode, issuer.rail);
  let check: IdentityCheckResult;
  try {
    check = checker
      ? await checker.verifyIdentity({ identityType: body.identity_type, identityNumber: body.identity_number, name: body.customer_name })
      : { outcome: "match" };
  } catch (error) {
    logError("identity check failed at the bank", { error });
    check = { outcome: "unavailable", reason: "The identity registry did not answer" };
  }
  // An answer the sandbox gave for a test value says so (in `details`: code and message unchanged).
  const hint = (rail: Rail | null, code: ErrorCode) => (rail?.name === "sandbox" ? identityNumberHint(body.identity_number, code) : undefined);
  if (check.outcome === "mismatch") {
    await recordMismatch(db, scope);
    throw staticAccountErrors.identityMismatch(hint(checker, "IDENTITY_MISMATCH"));
  }
  if (check.outcome === "unavailable") throw staticAccountErrors.identityUnavailable(hint(checker, "IDENTITY_CHECK_UNAVAILABLE"));

  const partner = issuer.bank;
  const id = prefixedId("staticAccount");
  const accountName = body.account_name ?? body.customer_name;
  for (let attempt = 0; attempt < MAX_ISSUE_ATTEMPTS; attempt++) {
    let answer: StaticAccountIssue;
    try {
      answer = await bank.issueStaticAccount({
        provider: partner.provider,
        reference: id,
        accountName,
        customerName: body.customer_name,
        identityType: body.identity_type,
        identityNumber: body.identity_number,
        customerEmail: body.customer_email ?? null,
        customerPhone: body.customer_phone ?? null,
        attempt,
      });
    } catch (error) {
      logError("static account issue failed at the bank", { provider: partner.provider, error });
      answer = { issued: false, outcome: "unavailable", reason: "The bank did not answer" };
    }
    if (!answer.issued)
      throw answer.outcome === "rejected"
        ? staticAccountErrors.rejected(hint(bank, "STATIC_ACCOUNT_REJECTED"))
        : staticAccountErrors.unavailable(hint(bank, "STATIC_ACCOUNT_UNAVAILABLE"));

    // A payment to a number finds a virtual account first: never issue one a virtual account holds.
    const [taken] = await db
      .select({ id: virtualAccounts.id })
      .from(virtualAccounts)
      .where(and(eq(virtualAccounts.mode, input.mode), eq(virtualAccounts.accountNumber, answer.accountNumber)))
      .limit(1);
    if (taken) continue;

    const [row] = await db
      .insert(staticAccounts)
      .values({
        id,
        merchantId: input.merchantId,
        mode: input.mode,
        keyPairId: input.keyPairId,
        reference: body.reference,
        provider: partner.provider,
        rail: issuer.rail.name,
        railReference: answer.railReference ?? null,
        accountNumber: answer.accountNumber,
        accountName: answer.accountName,
        bankName: answer.bankName,
        bankCode: answer.bankCode,
        customerName: body.customer_name,
        customerEmail: body.customer_email ?? null,
        customerPhone: body.customer_phone ?? null,
        identityType: body.identity_type,
        identityNumberHash: hashIdentityNumber(body.identity_type, body.identity_number),
        identityLast4: identityLast4(body.identity_number),
        metadata: body.metadata ?? null,
      })
      .onConflictDoNothing()
      .returning();
    if (row) return row;
    // Either a concurrent create took this reference (answer its account) or the number is taken.
    const raced = await findByReference(db, { ...scope, reference: body.reference });
    if (raced) return replay(raced);
  }
  throw staticAccountErrors.unavailable();
}
