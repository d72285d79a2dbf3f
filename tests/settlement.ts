import { eq, sql } from "drizzle-orm";
import { getDb, queryRows } from "@/db/client";
import { settlementBatches, settlementPayouts, staticAccountPayments, type Mode, type StaticAccountPayment } from "@/db/schema";
import type { BankProvider, BankTransferRequest, BankTransferStatus } from "@/lib/bank/provider";
import { SandboxRail } from "@/lib/rails/sandbox/sandbox-rail";
import { platformAccount } from "@/lib/ledger/accounts";
import { postEntry } from "@/lib/ledger/post-entry";
import { randomDigits } from "@/lib/ids";
import { pendingSettlementAccount } from "@/lib/ledger/pending-settlement";
import { makeKey } from "./factories";
import { insertStaticAccount } from "./static-accounts";

/**
 * Static accounts and their payments written directly, money included: a booked payment's
 * gross goes bank_clearing → the merchant's pending_settlement account and its fee
 * pending_settlement → fee_revenue (the design's "payment in"), so a pending payment's net
 * is always in pending_settlement and the ledger audit holds.
 */
export type SettlementMerchant = { merchantId: string; mode: Mode; accountId: string; secretKey: string; keyPairId: string };

/** A merchant (new unless given) with a key pair of `mode` and one static account. */
export async function settlementMerchant(opts: { merchantId?: string; mode?: Mode } = {}): Promise<SettlementMerchant> {
  const mode = opts.mode ?? "test";
  const key = await makeKey({ merchantId: opts.merchantId, mode, config: { rateLimit: 100_000 } });
  const account = await insertStaticAccount({ merchantId: key.merchantId, mode, keyPairId: key.keyPair.id });
  return { merchantId: key.merchantId, mode, accountId: account.id, secretKey: key.secretKey, keyPairId: key.keyPair.id };
}

/** A booked payment, money in the ledger, due at `expectedPayoutAt`. */
export async function bookedPayment(
  m: SettlementMerchant,
  opts: { amount?: number; fee?: number; expectedPayoutAt: Date; settlementStatus?: StaticAccountPayment["settlementStatus"] },
): Promise<StaticAccountPayment> {
  const amount = opts.amount ?? 500_000;
  const fee = opts.fee ?? Math.min(Math.round(amount * 0.005), 100_000);
  const reference = `txn_${randomDigits(16)}`;
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [clearing, pending, fees] = [
      await platformAccount(tx, m.mode, "bank_clearing"),
      await pendingSettlementAccount(tx, m),
      await platformAccount(tx, m.mode, "fee_revenue"),
    ];
    const moves = [{ from: clearing.id, to: pending.id, amount }];
    if (fee > 0) moves.push({ from: pending.id, to: fees.id, amount: fee });
    await postEntry(tx, { reference, mode: m.mode, merchantId: m.merchantId, kind: "static_account_payment", moves });
    const [row] = await tx
      .insert(staticAccountPayments)
      .values({
        staticAccountId: m.accountId,
        merchantId: m.merchantId,
        mode: m.mode,
        reference,
        amount,
        fee,
        payer: { name: "Ada Obi", bank: "Access Bank", account: "0690000031" },
        receivedAt: new Date(opts.expectedPayoutAt.getTime() - 3_600_000),
        expectedPayoutAt: opts.expectedPayoutAt,
        settlementStatus: opts.settlementStatus ?? "pending_settlement",
      })
      .returning();
    return row!;
  });
}

export async function paymentRows(merchantId: string): Promise<StaticAccountPayment[]> {
  return (await getDb()).select().from(staticAccountPayments).where(eq(staticAccountPayments.merchantId, merchantId)).orderBy(staticAccountPayments.createdAt);
}

export async function batchRows(merchantId: string) {
  return (await getDb()).select().from(settlementBatches).where(eq(settlementBatches.merchantId, merchantId)).orderBy(settlementBatches.createdAt);
}

export async function payoutRows(merchantId: string) {
  return (await getDb())
    .select()
    .from(settlementPayouts)
    .where(eq(settlementPayouts.merchantId, merchantId))
    .orderBy(settlementPayouts.createdAt, settlementPayouts.attempt);
}

/** Balance of a ledger account by kind for one merchant and mode (0 when none). */
export async function merchantBalance(merchantId: string, mode: Mode, kind: "pending_settlement" | "wallet"): Promise<number> {
  const [row] = await queryRows<{ balance: string | number }>(
    await getDb(),
    sql`select coalesce(sum(balance), 0)::bigint as balance from ledger_accounts where merchant_id = ${merchantId}::uuid and mode = ${mode} and kind = ${kind}`,
  );
  return Number(row?.balance ?? 0);
}

/** Journal entries of one batch (its settlement entry must be exactly one). */
export async function batchEntries(batchId: string) {
  return queryRows<{ reference: string; kind: string }>(
    await getDb(),
    sql`select reference, kind from journal_entries where reference = ${`settlement:${batchId}`} or metadata->>'batch_id' = ${batchId}`,
  );
}

/**
 * A bank whose transfer answers a test scripts (by default `completed` at once), deduplicating
 * on the reference as a real bank does; everything else is the sandbox bank. Install it with
 * `useBank` (this test file's process only).
 */
export class ScriptedBank extends SandboxRail {
  readonly sent: BankTransferRequest[] = [];
  readonly calls: string[] = [];
  private readonly answers = new Map<string, BankTransferStatus>();
  constructor(public answer: (input: BankTransferRequest) => BankTransferStatus = () => ({ status: "completed" })) {
    super();
  }
  override async sendTransfer(input: BankTransferRequest): Promise<BankTransferStatus> {
    this.calls.push(input.reference);
    const known = this.answers.get(input.reference);
    if (known) return known;
    this.sent.push(input);
    const a = this.answer(input);
    this.answers.set(input.reference, a);
    return a;
  }
  override async getTransferStatus(reference: string): Promise<BankTransferStatus | null> {
    return this.answers.get(reference) ?? null;
  }
  decide(reference: string, status: BankTransferStatus) {
    this.answers.set(reference, status);
  }
}

export function useBank(bank: BankProvider): () => void {
  const g = globalThis as unknown as { __owoSandboxRail?: BankProvider };
  const before = g.__owoSandboxRail;
  g.__owoSandboxRail = bank;
  return () => {
    g.__owoSandboxRail = before;
  };
}
