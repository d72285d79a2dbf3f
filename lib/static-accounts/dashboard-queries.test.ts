import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { refunds, settlementBatches, settlementPayouts, settlementSettings, staticAccountPayments, staticAccounts, type Mode } from "@/db/schema";
import { newUuid, prefixedId, randomDigits } from "@/lib/ids";
import { getDashboardRefund, listDashboardRefunds, parseRefundSearch } from "@/lib/refunds/dashboard-refunds";
import { getDashboardSettlementDestination, listDashboardBatches, listDashboardPayouts } from "@/lib/settlement/dashboard-settlement";
import { makeMerchant } from "@/tests/factories";
import {
  findDashboardStaticPaymentByReference,
  getDashboardStaticAccount,
  listDashboardStaticAccounts,
  listDashboardStaticPayments,
  parseStaticAccountSearch,
} from "./dashboard-queries";

let merchantId: string;
let otherId: string;

async function account(mId: string, over: Partial<typeof staticAccounts.$inferInsert> = {}, mode: Mode = "test") {
  const db = await getDb();
  const [row] = await db
    .insert(staticAccounts)
    .values({
      id: prefixedId("staticAccount"),
      merchantId: mId,
      mode,
      reference: `ref_${randomDigits(10)}`,
      provider: "sandbox",
      accountNumber: randomDigits(10),
      accountName: "Chinedu Okafor",
      bankName: "Wema Bank",
      customerName: "Chinedu Okafor",
      identityType: "bvn",
      identityNumberHash: "hash",
      identityLast4: "1234",
      ...over,
    })
    .returning();
  return row!;
}

async function payment(mId: string, accountId: string, over: Partial<typeof staticAccountPayments.$inferInsert> = {}) {
  const db = await getDb();
  const [row] = await db
    .insert(staticAccountPayments)
    .values({
      staticAccountId: accountId,
      merchantId: mId,
      mode: "test",
      reference: `txn_${randomDigits(14)}`,
      amount: 500_000,
      fee: 2_500,
      receivedAt: new Date(),
      expectedPayoutAt: new Date(Date.now() + 86_400_000),
      ...over,
    })
    .returning();
  return row!;
}

beforeAll(async () => {
  merchantId = (await makeMerchant()).merchant.id;
  otherId = (await makeMerchant()).merchant.id;
});

describe("dashboard static accounts list", () => {
  it("scopes to merchant and mode, filters by status, searches api.md's fields", async () => {
    const a = await account(merchantId, { customerName: "Amaka Eze", customerEmail: "amaka@example.com" });
    const b = await account(merchantId, { status: "disabled", reference: `inv_100%_${randomDigits(6)}` });
    await account(merchantId, {}, "live");
    await account(otherId, { customerName: "Amaka Eze" });
    const all = await listDashboardStaticAccounts(await getDb(), { merchantId, mode: "test", ...parseStaticAccountSearch({}) });
    expect(all.items.map((r) => r.id).sort()).toEqual([a.id, b.id].sort());
    const disabled = await listDashboardStaticAccounts(await getDb(), { merchantId, mode: "test", ...parseStaticAccountSearch({ status: "disabled" }) });
    expect(disabled.items.map((r) => r.id)).toEqual([b.id]);
    for (const q of ["amaka", "AMAKA@EXAMPLE", a.accountNumber.slice(2, 8)]) {
      const found = await listDashboardStaticAccounts(await getDb(), { merchantId, mode: "test", ...parseStaticAccountSearch({ search: q }) });
      expect(
        found.items.map((r) => r.id),
        q,
      ).toEqual([a.id]);
    }
    // A LIKE wildcard is matched literally.
    const pct = await listDashboardStaticAccounts(await getDb(), { merchantId, mode: "test", ...parseStaticAccountSearch({ search: "100%" }) });
    expect(pct.items.map((r) => r.id)).toEqual([b.id]);
    // A bad filter value falls back rather than failing the page.
    expect(parseStaticAccountSearch({ status: "nope", page: "-3" })).toMatchObject({ status: undefined, page: 1 });
  });

  it("reads one account only for its merchant and mode", async () => {
    const a = await account(merchantId);
    expect((await getDashboardStaticAccount(await getDb(), { merchantId, mode: "test", id: a.id }))?.id).toBe(a.id);
    expect(await getDashboardStaticAccount(await getDb(), { merchantId: otherId, mode: "test", id: a.id })).toBeNull();
    expect(await getDashboardStaticAccount(await getDb(), { merchantId, mode: "live", id: a.id })).toBeNull();
  });
});

describe("dashboard static account payments and refunds", () => {
  it("marks refundable payments and carries the newest refund", async () => {
    const db = await getDb();
    const a = await account(merchantId);
    const open = await payment(merchantId, a.id, { settlementStatus: "under_review" });
    const free = await payment(merchantId, a.id);
    const paid = await payment(merchantId, a.id, { settlementStatus: "paid_out" });
    const rejectedOnce = await payment(merchantId, a.id);
    const r1 = prefixedId("refund");
    await db.insert(refunds).values([
      {
        id: r1,
        paymentId: open.id,
        staticAccountId: a.id,
        paymentReference: open.reference,
        merchantId,
        mode: "test",
        amount: open.amount,
        reason: "customer asked",
      },
      {
        id: prefixedId("refund"),
        paymentId: rejectedOnce.id,
        staticAccountId: a.id,
        paymentReference: rejectedOnce.reference,
        merchantId,
        mode: "test",
        amount: rejectedOnce.amount,
        status: "rejected",
      },
    ]);
    const page = await listDashboardStaticPayments(db, { merchantId, mode: "test", staticAccountId: a.id, page: 1, page_size: 20 });
    const byId = new Map(page.items.map((p) => [p.id, p]));
    expect(page.total).toBe(4);
    expect(byId.get(open.id)).toMatchObject({ refundable: false, refund: { id: r1, status: "requested" } });
    expect(byId.get(free.id)).toMatchObject({ refundable: true, refund: null });
    expect(byId.get(paid.id)?.refundable).toBe(false);
    expect(byId.get(rejectedOnce.id)).toMatchObject({ refundable: true, refund: { status: "rejected" } });
    // The Payments detail finds the static-account side by the transaction reference.
    const link = await findDashboardStaticPaymentByReference(db, { merchantId, mode: "test", reference: open.reference });
    expect(link).toMatchObject({ account: { id: a.id, accountNumber: a.accountNumber }, payment: { id: open.id, refundable: false, refund: { id: r1 } } });
    expect(await findDashboardStaticPaymentByReference(db, { merchantId: otherId, mode: "test", reference: open.reference })).toBeNull();
    // Another merchant sees none of them.
    expect((await listDashboardStaticPayments(db, { merchantId: otherId, mode: "test", staticAccountId: a.id, page: 1, page_size: 20 })).total).toBe(0);

    const list = await listDashboardRefunds(db, { merchantId, mode: "test", ...parseRefundSearch({ status: "requested" }) });
    expect(list.items.map((r) => r.id)).toContain(r1);
    expect(list.items.every((r) => r.status === "requested")).toBe(true);
    expect(list.items.find((r) => r.id === r1)).toMatchObject({ accountNumber: a.accountNumber, paymentReference: open.reference });
    expect((await getDashboardRefund(db, { merchantId, mode: "test", id: r1 }))?.payment.reference).toBe(open.reference);
    expect(await getDashboardRefund(db, { merchantId: otherId, mode: "test", id: r1 })).toBeNull();
  });
});

describe("dashboard settlement", () => {
  it("lists batches and payouts of the merchant and mode; the destination defaults to the wallet", async () => {
    const db = await getDb();
    const m = (await makeMerchant()).merchant.id;
    expect(await getDashboardSettlementDestination(db, { merchantId: m, mode: "test" })).toEqual({ destination: "wallet" });
    const [batch] = await db
      .insert(settlementBatches)
      .values({ merchantId: m, mode: "test", cutoffAt: new Date(), paymentCount: 2, gross: 1_000_000, fees: 5_000, net: 995_000, status: "paid_out" })
      .returning();
    await db.insert(settlementBatches).values({ merchantId: otherId, mode: "test", cutoffAt: new Date(), paymentCount: 1, gross: 1, fees: 0, net: 1 });
    await db.insert(settlementPayouts).values({
      batchId: batch!.id,
      merchantId: m,
      mode: "test",
      reference: `po_${newUuid()}`,
      destination: "bank_account",
      amount: 995_000,
      status: "paid_out",
    });
    const batches = await listDashboardBatches(db, { merchantId: m, mode: "test", page: 1 });
    expect(batches.items.map((b) => b.id)).toEqual([batch!.id]);
    const payouts = await listDashboardPayouts(db, { merchantId: m, mode: "test", page: 1 });
    expect(payouts.items).toHaveLength(1);
    expect(payouts.items[0]).toMatchObject({ amount: 995_000, cutoffAt: batch!.cutoffAt });
    expect((await listDashboardBatches(db, { merchantId: m, mode: "live", page: 1 })).total).toBe(0);
    await db
      .insert(settlementSettings)
      .values({ merchantId: m, mode: "test", destination: "bank_account", bankCode: "058", accountNumber: "0123456789", accountName: "Ada Ltd" });
    expect(await getDashboardSettlementDestination(db, { merchantId: m, mode: "test" })).toEqual({
      destination: "bank_account",
      bankCode: "058",
      accountNumber: "0123456789",
      accountName: "Ada Ltd",
    });
  });
});
