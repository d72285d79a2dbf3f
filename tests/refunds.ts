import { and, eq, sql } from "drizzle-orm";
import { getDb, queryRows } from "@/db/client";
import { auditLog, ledgerAccounts, merchants, payments, staticAccountPayments, staticAccounts, type Mode, type StaticAccountPayment } from "@/db/schema";
import { ensureAccount, platformAccount } from "@/lib/ledger/accounts";
import { postEntry } from "@/lib/ledger/post-entry";
import { newUuid, prefixedId, randomDigits } from "@/lib/ids";
import { makeKey } from "./factories";

/**
 * A static account and its payments written straight into the schema, money included, until
 * lib/static-accounts books them: the gross goes bank_clearing → the merchant's
 * pending_settlement account and the fee pending_settlement → fee_revenue (the design's
 * "payment in"), and a `payments` row like the booking side writes.
 */
export type RefundMerchant = { merchantId: string; mode: Mode; accountId: string; accountReference: string; secretKey: string; keyPairId: string; walletPayIdId: string };

export async function refundMerchant(opts: { mode?: Mode; staticAccounts?: "enabled" | "disabled" | "suspended"; webhookUrl?: string } = {}): Promise<RefundMerchant> {
  const mode = opts.mode ?? "test";
  const key = await makeKey({ mode, config: { rateLimit: 100_000, ...(opts.webhookUrl ? { webhookUrl: opts.webhookUrl } : {}) } });
  const db = await getDb();
  await db.update(merchants).set({ staticAccounts: opts.staticAccounts ?? "enabled" }).where(eq(merchants.id, key.merchantId));
  const reference = `cust_${randomDigits(10)}`;
  const [account] = await db
    .insert(staticAccounts)
    .values({
      id: prefixedId("staticAccount"),
      merchantId: key.merchantId,
      mode,
      keyPairId: key.keyPair.id,
      reference,
      provider: "sandbox",
      accountNumber: randomDigits(10),
      accountName: "Owo/Ngozi Eze",
      bankName: "Wema Bank",
      customerName: "Ngozi Eze",
      identityType: "bvn",
      identityNumberHash: `hash-${newUuid()}`,
      identityLast4: "4321",
    })
    .returning();
  return {
    merchantId: key.merchantId,
    mode,
    accountId: account!.id,
    accountReference: reference,
    secretKey: key.secretKey,
    keyPairId: key.keyPair.id,
    walletPayIdId: key.keyPair.settlementPayIdId!,
  };
}

export async function pendingSettlementOf(merchantId: string, mode: Mode) {
  const db = await getDb();
  const [found] = await db
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.merchantId, merchantId), eq(ledgerAccounts.mode, mode), eq(ledgerAccounts.kind, "pending_settlement")))
    .limit(1);
  return found ?? ensureAccount(db, { code: `pending_settlement:${merchantId}:${mode}`, mode, kind: "pending_settlement", merchantId });
}

export const PAYER = { name: "Ada Obi", bank: "Access Bank", account: "0690000031" };

/** A booked payment waiting for settlement (or in the given settlement status). */
export async function pendingPayment(
  m: RefundMerchant,
  opts: { amount?: number; payer?: StaticAccountPayment["payer"]; settlementStatus?: StaticAccountPayment["settlementStatus"]; status?: "processing" | "completed" } = {},
): Promise<StaticAccountPayment> {
  const amount = opts.amount ?? 1_000_000;
  const fee = Math.min(Math.floor((amount * 50 + 5_000) / 10_000), 100_000);
  const reference = `txn_${randomDigits(16)}`;
  const pending = await pendingSettlementOf(m.merchantId, m.mode);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const clearing = await platformAccount(tx, m.mode, "bank_clearing");
    const fees = await platformAccount(tx, m.mode, "fee_revenue");
    const moves = [{ from: clearing.id, to: pending.id, amount }];
    if (fee > 0) moves.push({ from: pending.id, to: fees.id, amount: fee });
    await postEntry(tx, { reference, mode: m.mode, merchantId: m.merchantId, kind: "static_account_payment", moves });
    const payer = opts.payer === undefined ? PAYER : opts.payer;
    const now = new Date();
    await tx.insert(payments).values({
      reference,
      merchantId: m.merchantId,
      mode: m.mode,
      keyPairId: m.keyPairId,
      channel: "static_account",
      amount,
      fee,
      destinationKind: "static_account",
      settlementPayIdId: m.walletPayIdId,
      merchantReference: m.accountReference,
      payer: payer ?? undefined,
      paidAt: now,
    });
    const [row] = await tx
      .insert(staticAccountPayments)
      .values({
        staticAccountId: m.accountId,
        merchantId: m.merchantId,
        mode: m.mode,
        reference,
        amount,
        fee,
        status: opts.status ?? "completed",
        payer,
        receivedAt: now,
        expectedPayoutAt: new Date(now.getTime() + 24 * 3_600_000),
        settlementStatus: opts.settlementStatus ?? "pending_settlement",
      })
      .returning();
    return row!;
  });
}

export async function paymentRow(id: string): Promise<StaticAccountPayment> {
  const [row] = await (await getDb()).select().from(staticAccountPayments).where(eq(staticAccountPayments.id, id));
  return row!;
}

/** A merchant's balance of one kind in one mode (0 when none). */
export async function merchantKindBalance(merchantId: string, mode: Mode, kind: "pending_settlement" | "wallet"): Promise<number> {
  const [row] = await queryRows<{ balance: string | number }>(
    await getDb(),
    sql`select coalesce(sum(balance), 0)::bigint as balance from ledger_accounts where merchant_id = ${merchantId}::uuid and mode = ${mode} and kind = ${kind}`,
  );
  return Number(row?.balance ?? 0);
}

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
