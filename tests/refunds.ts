import { eq, sql } from "drizzle-orm";
import { getDb, queryRows } from "@/db/client";
import { auditLog, merchants, staticAccountPayments, type Mode, type StaticAccountPayment } from "@/db/schema";
import { receivePayment } from "@/lib/payments/receive-payment";
import { makeKey } from "./factories";
import { insertStaticAccount } from "./static-accounts";

/**
 * A merchant with the static-account product in the given state, a key pair and one active
 * static account written straight into the schema (no identity check needed for refunds).
 */
export type RefundMerchant = {
  merchantId: string;
  mode: Mode;
  accountId: string;
  accountReference: string;
  secretKey: string;
  keyPairId: string;
  walletPayIdId: string;
};

export async function refundMerchant(
  opts: { mode?: Mode; staticAccounts?: "enabled" | "disabled" | "suspended"; webhookUrl?: string } = {},
): Promise<RefundMerchant> {
  const mode = opts.mode ?? "test";
  const key = await makeKey({ mode, config: { rateLimit: 100_000, ...(opts.webhookUrl ? { webhookUrl: opts.webhookUrl } : {}) } });
  const db = await getDb();
  await db
    .update(merchants)
    .set({ staticAccounts: opts.staticAccounts ?? "enabled" })
    .where(eq(merchants.id, key.merchantId));
  const account = await insertStaticAccount({ merchantId: key.merchantId, mode, keyPairId: key.keyPair.id });
  return {
    merchantId: key.merchantId,
    mode,
    accountId: account.id,
    accountReference: account.reference,
    secretKey: key.secretKey,
    keyPairId: key.keyPair.id,
    walletPayIdId: key.keyPair.settlementPayIdId!,
  };
}

export const PAYER = { name: "Ada Obi", bank: "Access Bank", account: "0690000031" };

/**
 * A payment booked by the static-accounts side (receivePayment to a static account: ledger, counters,
 * payments rows, charge.success), then put in the given settlement status or booking status.
 */
export async function pendingPayment(
  m: RefundMerchant,
  opts: {
    amount?: number;
    payer?: StaticAccountPayment["payer"];
    settlementStatus?: StaticAccountPayment["settlementStatus"];
    status?: "processing" | "completed";
  } = {},
): Promise<StaticAccountPayment> {
  const db = await getDb();
  const payer = opts.payer === undefined ? PAYER : (opts.payer ?? {});
  const booked = await db.transaction((tx) =>
    receivePayment(tx, {
      destination: { kind: "static_account", staticAccountId: m.accountId },
      amount: opts.amount ?? 1_000_000,
      payer,
      narration: "Refund test",
    }),
  );
  if (opts.settlementStatus || opts.status) {
    await db
      .update(staticAccountPayments)
      .set({ ...(opts.settlementStatus ? { settlementStatus: opts.settlementStatus } : {}), ...(opts.status ? { status: opts.status } : {}) })
      .where(eq(staticAccountPayments.id, booked.paymentId!));
  }
  return paymentRow(booked.paymentId!);
}

export async function paymentRow(id: string): Promise<StaticAccountPayment> {
  const [row] = await (await getDb()).select().from(staticAccountPayments).where(eq(staticAccountPayments.id, id));
  return row!;
}

/** A merchant's balance of one kind in one mode (0 when none): the settlement helper's. */
export { merchantBalance as merchantKindBalance } from "./settlement";

/** The postings of one journal entry as "kind:amount" (signed kobo), sorted. */
export async function entryPostings(reference: string): Promise<string[]> {
  const rows = await queryRows<{ kind: string; amount: string | number }>(
    await getDb(),
    sql`select a.kind, p.amount from postings p join journal_entries e on e.id = p.entry_id join ledger_accounts a on a.id = p.account_id
        where e.reference = ${reference}`,
  );
  return rows.map((r) => `${r.kind}:${Number(r.amount)}`).sort();
}

export async function auditRows(targetId: string) {
  return (await getDb()).select().from(auditLog).where(eq(auditLog.targetId, targetId)).orderBy(auditLog.createdAt);
}
