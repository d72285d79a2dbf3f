import { and, eq, or } from "drizzle-orm";
import { uuidv7 } from "uuidv7";
import type { Db, DbOrTx } from "@/db/client";
import { insertRailSuspense } from "@/db/statements/rail-webhooks";
import { payments, staticAccounts, virtualAccounts, type RailWebhookOutcome } from "@/db/schema";
import { isAppError } from "@/lib/errors";
import { deliverAfterCommit } from "@/lib/events/deliver-after-commit";
import { clearingAccount, ensureAccount, providerFeesAccount } from "@/lib/ledger/accounts";
import { postEntry } from "@/lib/ledger/post-entry";
import { receivePayment, type Destination } from "@/lib/payments/receive-payment";
import type { RailInbound } from "@/lib/rails/rail";

/** The payment reference of money a rail received: one per provider transaction, whichever road books it. */
export const railPaymentReference = (rail: string, providerReference: string) => `${rail}:${providerReference}`;

/** The platform's suspense account of live money (what rails received for no instrument). */
export const suspenseAccount = (tx: DbOrTx) => ensureAccount(tx, { code: "platform:live:suspense", mode: "live", kind: "suspense" });

/**
 * Books money a rail's API confirmed (supplement §11): through the one inbound road
 * (`receivePayment`: the same fees, ledger entries, `charge.success` and payer fields as the
 * sandbox), at the instrument the provider says it reached: a live virtual account (by the
 * provider's account reference or the number), else a live static account. Booked once per
 * provider transaction. Money for no instrument, or that the instrument's rules refuse (a
 * closed account, a wrong amount), is never dropped: it goes to suspense for an admin.
 */
export async function bookRailInbound(
  db: Db,
  input: { rail: string; inbound: RailInbound },
): Promise<{ outcome: RailWebhookOutcome; detail: string; reference?: string }> {
  const { rail, inbound } = input;
  const reference = railPaymentReference(rail, inbound.providerReference);
  const [seen] = await db.select({ reference: payments.reference }).from(payments).where(eq(payments.reference, reference));
  if (seen) return { outcome: "duplicate", detail: `Already booked as ${reference}`, reference };

  const destination = await findDestination(db, rail, inbound);
  if (!destination) return toSuspense(db, input, "No account matches the payment");
  try {
    const result = await db.transaction((tx) =>
      receivePayment(tx, {
        destination,
        amount: inbound.amount,
        payer: { name: inbound.payer.name ?? undefined, bank: inbound.payer.bank ?? undefined, account: inbound.payer.account ?? undefined },
        reference,
        rail: { name: rail, reference: inbound.providerReference, fee: inbound.fee },
      }),
    );
    deliverAfterCommit(result.eventIds);
    return result.duplicate
      ? { outcome: "duplicate", detail: `Already booked as ${result.reference}`, reference: result.reference }
      : { outcome: "booked", detail: `Booked as ${result.reference}`, reference: result.reference };
  } catch (error) {
    // The instrument refused it (closed, expired, a wrong amount): the money is real, so it waits in suspense.
    if (isAppError(error) && ["DESTINATION_CLOSED", "AMOUNT_REJECTED", "DESTINATION_NOT_FOUND"].includes(error.code))
      return toSuspense(db, input, error.message);
    throw error;
  }
}

async function findDestination(db: Db, rail: string, inbound: RailInbound): Promise<Destination | null> {
  const matches = [
    ...(inbound.accountReference ? [eq(virtualAccounts.railReference, inbound.accountReference), eq(virtualAccounts.reference, inbound.accountReference)] : []),
    ...(inbound.accountNumber ? [eq(virtualAccounts.accountNumber, inbound.accountNumber)] : []),
  ];
  if (matches.length) {
    const [account] = await db
      .select({ id: virtualAccounts.id })
      .from(virtualAccounts)
      .where(and(eq(virtualAccounts.mode, "live"), eq(virtualAccounts.rail, rail), or(...matches)))
      .limit(1);
    if (account) return { kind: "virtual_account", virtualAccountId: account.id };
  }
  const staticMatches = [
    ...(inbound.accountReference ? [eq(staticAccounts.railReference, inbound.accountReference)] : []),
    ...(inbound.accountNumber ? [eq(staticAccounts.accountNumber, inbound.accountNumber)] : []),
  ];
  if (staticMatches.length) {
    const [account] = await db
      .select({ id: staticAccounts.id })
      .from(staticAccounts)
      .where(and(eq(staticAccounts.mode, "live"), eq(staticAccounts.rail, rail), or(...staticMatches)))
      .limit(1);
    if (account) return { kind: "static_account", staticAccountId: account.id, sessionId: inbound.sessionId };
  }
  return null;
}

/**
 * Money for no instrument: one suspense row per provider transaction, and its ledger entry
 * (the rail's clearing account → suspense, the provider's fee from the platform's cost).
 */
async function toSuspense(db: Db, input: { rail: string; inbound: RailInbound }, reason: string): Promise<{ outcome: RailWebhookOutcome; detail: string }> {
  const { rail, inbound } = input;
  await db.transaction(async (tx) => {
    const row = await insertRailSuspense(tx, { id: uuidv7(), rail, inbound, reason });
    if (!row) return;
    const [clearing, suspense] = await Promise.all([clearingAccount(tx, "live", rail), suspenseAccount(tx)]);
    const fee = inbound.fee ?? 0;
    const feeAccount = fee > 0 ? await providerFeesAccount(tx, "live", rail) : null;
    await postEntry(tx, {
      reference: `suspense:${rail}:${inbound.providerReference}`,
      mode: "live",
      merchantId: null,
      kind: "suspense_in",
      description: `Unmatched money at ${rail}${inbound.payer.name ? ` from ${inbound.payer.name}` : ""}: ${reason}`,
      metadata: { rail, provider_reference: inbound.providerReference, account_number: inbound.accountNumber },
      moves: [{ from: clearing.id, to: suspense.id, amount: inbound.amount }, ...(feeAccount ? [{ from: feeAccount.id, to: clearing.id, amount: fee }] : [])],
    });
  });
  return { outcome: "suspense", detail: reason };
}
