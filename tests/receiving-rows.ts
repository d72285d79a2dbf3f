import { getDb } from "@/db/client";
import { checkoutSessions, payments, sessionEvents, type CheckoutSession, type Mode, type Payment } from "@/db/schema";
import { prefixedId, randomBase62 } from "@/lib/ids";
import { getWalletPayId } from "@/lib/payids/find-pay-id";
import { makeKey } from "./factories";

/**
 * Rows of the receiving tables written directly, for tests of the dashboard's read side
 * (lists, search, filters, detail) that must not depend on how payments and sessions are made.
 */
export type ReceivingMerchant = { merchantId: string; mode: Mode; keyPairId: string; walletPayIdId: string; walletPayId: string };

/** A merchant with a key pair of `mode` and its wallet PayID there. */
export async function receivingMerchant(opts: { merchantId?: string; mode?: Mode } = {}): Promise<ReceivingMerchant> {
  const mode = opts.mode ?? "test";
  const key = await makeKey({ merchantId: opts.merchantId, mode });
  const wallet = (await getWalletPayId(await getDb(), { merchantId: key.merchantId, mode }))!;
  return { merchantId: key.merchantId, mode, keyPairId: key.keyPair.id, walletPayIdId: wallet.id, walletPayId: wallet.payId };
}

export async function insertPayment(m: ReceivingMerchant, row: Partial<typeof payments.$inferInsert> = {}): Promise<Payment> {
  const db = await getDb();
  const [p] = await db
    .insert(payments)
    .values({
      reference: prefixedId("payment"),
      merchantId: m.merchantId,
      mode: m.mode,
      keyPairId: m.keyPairId,
      channel: "bank_transfer",
      amount: 150_000,
      fee: 1_500,
      destinationKind: "wallet",
      payIdId: m.walletPayIdId,
      settlementPayIdId: m.walletPayIdId,
      payer: { name: "Chidi Okeke", bank: "Access Bank", account: "0690000031" },
      ...row,
    })
    .returning();
  return p!;
}

export async function insertSession(m: ReceivingMerchant, row: Partial<typeof checkoutSessions.$inferInsert> = {}): Promise<CheckoutSession> {
  const db = await getDb();
  const [s] = await db
    .insert(checkoutSessions)
    .values({
      reference: `CHK_${randomBase62(16)}`,
      merchantId: m.merchantId,
      mode: m.mode,
      keyPairId: m.keyPairId,
      settlementPayIdId: m.walletPayIdId,
      amount: 500_000,
      customerEmail: `buyer-${randomBase62(6).toLowerCase()}@example.com`,
      enabledPaymentMethods: ["bank_transfer", "payid"],
      expiresAt: new Date(Date.now() + 30 * 60_000),
      ...row,
    })
    .returning();
  await db.insert(sessionEvents).values({ sessionId: s!.id, type: "created", data: null, createdAt: s!.createdAt });
  return s!;
}

export async function insertSessionEvent(sessionId: string, type: string, data: Record<string, unknown> | null = null, createdAt = new Date()) {
  const db = await getDb();
  await db.insert(sessionEvents).values({ sessionId, type, data, createdAt });
}
