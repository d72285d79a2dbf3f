import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { GET as paymentsGet } from "@/app/v1/checkout/static-account/[id]/payments/route";
import { POST as pay } from "@/app/v1/sandbox/payments/route";
import { getDb } from "@/db/client";
import { events, ledgerAccounts, payments, staticAccountPayments, staticAccounts, type StaticAccount } from "@/db/schema";
import { CLI_ACTOR } from "@/lib/audit/record-audit";
import { randomBase62 } from "@/lib/ids";
import { setStaticAccounts } from "@/lib/merchants/set-static-accounts";
import { expectedPayoutAt } from "@/lib/settlement/cutoff-schedule";
import { makeKey, makeMerchant } from "@/tests/factories";
import { call } from "@/tests/http";
import { deleteStaticAccount, disableStaticAccount, enableStaticAccount, suspendStaticAccount } from "./change-static-account-status";
import { createStaticAccount } from "./create-static-account";
import { pendingSettlementCode } from "@/lib/ledger/pending-settlement";
import { receivePayment } from "@/lib/payments/receive-payment";
import type { StaticAccountPaymentView } from "./static-account-payment-view";

const PAY = "/v1/sandbox/payments";
type Key = Awaited<ReturnType<typeof makeKey>>;

let key: Key;
let account: StaticAccount;

async function newAccount(k: Key, opts: { keyPairId?: string | null } = {}) {
  return createStaticAccount(await getDb(), {
    merchantId: k.merchantId,
    mode: "test",
    keyPairId: opts.keyPairId === undefined ? k.keyPair.id : opts.keyPairId,
    body: {
      customer_name: "Chidinma Okafor",
      identity_type: "bvn",
      identity_number: "22212345678",
      customer_email: "chidinma@example.com",
      reference: `cust-${randomBase62(10)}`,
      metadata: { customer_id: 7 },
    },
  });
}

beforeEach(async () => {
  const { merchant } = await makeMerchant();
  await setStaticAccounts(await getDb(), { merchantId: merchant.id, staticAccounts: "enabled", actor: CLI_ACTOR });
  key = await makeKey({ merchantId: merchant.id, config: { rateLimit: 10_000 } });
  account = await newAccount(key);
});

const payTo = (accountNumber: string, amount: number, extra: Record<string, unknown> = {}) =>
  call<{ reference: string; channel: string; amount: number; status: string }>(pay, {
    method: "POST",
    path: PAY,
    key: key.secretKey,
    json: { account_number: accountNumber, amount, payer: { name: "Bola Ade", bank: "GTBank", account: "0123456789" }, narration: "May rent", ...extra },
  });

async function balance(code: string): Promise<number> {
  const [row] = await (await getDb()).select({ balance: ledgerAccounts.balance }).from(ledgerAccounts).where(eq(ledgerAccounts.code, code));
  return row?.balance ?? 0;
}
const reload = async (id: string) => (await (await getDb()).select().from(staticAccounts).where(eq(staticAccounts.id, id)))[0]!;
const chargeEvents = async (reference: string) =>
  (await getDb())
    .select()
    .from(events)
    .where(sql`${events.type} = 'charge.success' and ${events.data}->>'reference' = ${reference}`);

describe("POST /v1/sandbox/payments to a static NGN account (receivePayment)", () => {
  it("books the payment: completed, fee 0.5%, pending_settlement until the cutoff, counters and the payments row", async () => {
    const r = await payTo(account.accountNumber, 1_000_000);
    expect(r.status, r.text).toBe(200);
    expect(r.body.data).toEqual({ reference: expect.stringMatching(/^pay_/), channel: "static_account", amount: 1_000_000, status: "completed" });
    const reference = r.body.data!.reference;
    const db = await getDb();

    const [p] = await db.select().from(staticAccountPayments).where(eq(staticAccountPayments.reference, reference));
    expect(p).toMatchObject({
      staticAccountId: account.id,
      amount: 1_000_000,
      fee: 5_000,
      status: "completed",
      settlementStatus: "pending_settlement",
      narration: "May rent",
    });
    expect(p!.payer).toEqual({ name: "Bola Ade", bank: "GTBank", account: "0123456789" });
    expect(p!.sessionId).toMatch(/^\d{30}$/);
    expect(p!.expectedPayoutAt.toISOString()).toBe(expectedPayoutAt(p!.receivedAt).toISOString());

    const [row] = await db.select().from(payments).where(eq(payments.reference, reference));
    expect(row).toMatchObject({
      channel: "static_account",
      destinationKind: "static_account",
      amount: 1_000_000,
      fee: 5_000,
      keyPairId: key.keyPair.id,
      merchantReference: account.reference,
      customerName: "Chidinma Okafor",
      customerEmail: "chidinma@example.com",
      metadata: { customer_id: 7 },
    });

    const after = await reload(account.id);
    expect(after).toMatchObject({ inflowCount: 1, totalReceived: 1_000_000 });
    expect(after.lastPaymentAt).not.toBeNull();
  });

  it("ledger: bank_clearing → the merchant's pending_settlement (gross), then the fee to fee_revenue; the wallet is untouched", async () => {
    const code = pendingSettlementCode({ merchantId: key.merchantId, mode: "test" });
    const feeBefore = await balance("platform:test:fee_revenue");
    await payTo(account.accountNumber, 300_000);
    await payTo(account.accountNumber, 1_100);
    expect(await balance(code)).toBe(300_000 - 1_500 + 1_100 - 6);
    // Other tests share the platform account: at least our fees arrived (0.5% of 1,100 kobo = 5.5 → 6, half up).
    expect((await balance("platform:test:fee_revenue")) - feeBefore).toBeGreaterThanOrEqual(1_506);
    const [wallet] = await (
      await getDb()
    )
      .select()
      .from(ledgerAccounts)
      .where(sql`${ledgerAccounts.merchantId} = ${key.merchantId} and ${ledgerAccounts.kind} = 'wallet'`);
    expect(wallet?.balance ?? 0).toBe(0);
  });

  it("the fee is capped at 100,000 kobo", async () => {
    const r = await payTo(account.accountNumber, 50_000_000);
    const [p] = await (await getDb()).select().from(staticAccountPayments).where(eq(staticAccountPayments.reference, r.body.data!.reference));
    expect(p!.fee).toBe(100_000);
  });

  it("sends charge.success with api.md's static-account fields to the key pair that created the account", async () => {
    const r = await payTo(account.accountNumber, 200_000);
    const reference = r.body.data!.reference;
    const [p] = await (await getDb()).select().from(staticAccountPayments).where(eq(staticAccountPayments.reference, reference));
    const evs = await chargeEvents(reference);
    expect(evs).toHaveLength(1);
    expect(evs[0]!.keyPairId).toBe(key.keyPair.id);
    expect(evs[0]!.data).toEqual({
      reference,
      merchant_reference: account.reference,
      amount: 200_000,
      currency: "NGN",
      status: "completed",
      channel: "static_account",
      customer: { email: "chidinma@example.com", name: "Chidinma Okafor" },
      metadata: { customer_id: 7 },
      line_items: null,
      paid_at: p!.receivedAt.toISOString(),
      fees: 1_000,
      net_amount: 199_000,
      static_account: {
        id: account.id,
        account_number: account.accountNumber,
        account_name: account.accountName,
        bank_name: "Providus Bank",
        reference: account.reference,
        customer_name: "Chidinma Okafor",
      },
      payer: { name: "Bola Ade", bank: "GTBank", account: "0123456789" },
      narration: "May rent",
      session_id: p!.sessionId,
    });
  });

  it("an account made without a key (dashboard) sends charge.success to the keys linked to the merchant's wallet", async () => {
    const dash = await newAccount(key, { keyPairId: null });
    const other = await makeKey({ merchantId: key.merchantId });
    const r = await payTo(dash.accountNumber, 10_000);
    const evs = await chargeEvents(r.body.data!.reference);
    expect(evs.map((e) => e.keyPairId).sort()).toEqual([key.keyPair.id, other.keyPair.id].sort());
  });

  it("disabled, suspended and deleted accounts are 400 DESTINATION_CLOSED and nothing is booked; re-enabled takes money again", async () => {
    const db = await getDb();
    const target = { merchantId: key.merchantId, mode: "test" as const, id: account.id };
    await disableStaticAccount(db, target);
    let r = await payTo(account.accountNumber, 10_000);
    expect(r.status).toBe(400);
    expect(r.body.error!.code).toBe("DESTINATION_CLOSED");
    await enableStaticAccount(db, target);
    expect((await payTo(account.accountNumber, 10_000)).status).toBe(200);

    const s = await newAccount(key);
    await suspendStaticAccount(db, { id: s.id, actor: CLI_ACTOR });
    r = await payTo(s.accountNumber, 10_000);
    expect(r.body.error!.code).toBe("DESTINATION_CLOSED");

    const d = await newAccount(key);
    await deleteStaticAccount(db, { ...target, id: d.id });
    r = await payTo(d.accountNumber, 10_000);
    expect(r.body.error!.code).toBe("DESTINATION_CLOSED");

    for (const a of [s, d]) expect(await reload(a.id)).toMatchObject({ inflowCount: 0, totalReceived: 0 });
    expect(await reload(account.id)).toMatchObject({ inflowCount: 1, totalReceived: 10_000 });
  });

  it("an unknown number is still DESTINATION_NOT_FOUND", async () => {
    expect((await payTo("1234567890", 10_000)).body.error!.code).toBe("DESTINATION_NOT_FOUND");
  });

  it("concurrent payments to one account all book (it is reusable) and the counters and ledger stay exact", async () => {
    const amounts = [10_000, 25_000, 40_000, 55_000, 70_000, 85_000, 100_000, 115_000];
    const answers = await Promise.all(amounts.map((a) => payTo(account.accountNumber, a)));
    for (const r of answers) expect(r.status, r.text).toBe(200);
    const total = amounts.reduce((s, a) => s + a, 0);
    const fees = amounts.reduce((s, a) => s + Math.floor((a * 50 + 5_000) / 10_000), 0);
    expect(await reload(account.id)).toMatchObject({ inflowCount: amounts.length, totalReceived: total });
    expect(await balance(pendingSettlementCode({ merchantId: key.merchantId, mode: "test" }))).toBe(total - fees);
  });

  it("a repeated bank reference books nothing twice (duplicate notification)", async () => {
    const db = await getDb();
    const reference = `NIP-${randomBase62(12)}`;
    const first = await db.transaction((tx) =>
      receivePayment(tx, { destination: { kind: "static_account", staticAccountId: account.id, sessionId: "s1" }, amount: 20_000, reference }),
    );
    const again = await db.transaction((tx) =>
      receivePayment(tx, { destination: { kind: "static_account", staticAccountId: account.id, sessionId: "s1" }, amount: 20_000, reference }),
    );
    expect(first).toMatchObject({ duplicate: false, reference });
    expect(again).toMatchObject({ duplicate: true, reference, eventIds: [] });
    expect(await reload(account.id)).toMatchObject({ inflowCount: 1, totalReceived: 20_000 });
    expect(await chargeEvents(reference)).toHaveLength(1);
  });
});

describe("GET /v1/checkout/static-account/:id/payments", () => {
  const list = (id: string, query = "") =>
    call<{ items: StaticAccountPaymentView[]; total: number; page: number; page_size: number; total_pages: number }>(paymentsGet, {
      path: `/v1/checkout/static-account/${id}/payments?${query}`,
      key: key.secretKey,
      params: { id },
    });

  it("api.md's Static account payment: naira amounts, settlement object, refundable, refund null; newest first, paged", async () => {
    const first = await payTo(account.accountNumber, 150_050);
    const second = await payTo(account.accountNumber, 20_000, { narration: undefined });
    const r = await list(account.id, "page_size=1");
    expect(r.status, r.text).toBe(200);
    expect(r.body.data).toMatchObject({ total: 2, page: 1, page_size: 1, total_pages: 2 });
    const [p] = (await list(account.id, "page=2&page_size=1")).body.data!.items;
    expect(Object.keys(p!).sort()).toEqual(
      [
        "amount",
        "booked_at",
        "currency",
        "fee",
        "id",
        "narration",
        "net_amount",
        "payer",
        "received_at",
        "refund",
        "refundable",
        "session_id",
        "settlement",
        "static_account_id",
        "status",
      ].sort(),
    );
    const [row] = await (await getDb()).select().from(staticAccountPayments).where(eq(staticAccountPayments.reference, first.body.data!.reference));
    expect(p).toMatchObject({
      id: row!.id,
      static_account_id: account.id,
      amount: "1500.50",
      fee: "7.50",
      net_amount: "1493.00",
      currency: "NGN",
      status: "completed",
      payer: { name: "Bola Ade", bank: "GTBank", account: "0123456789" },
      narration: "May rent",
      settlement: { status: "pending_settlement", expected_payout_at: row!.expectedPayoutAt.toISOString(), settled_at: null, payout_id: null },
      refundable: true,
      refund: null,
    });
    expect(r.body.data!.items[0]!.amount).toBe("200.00");
    expect(second.status).toBe(200);
  });

  it("another merchant's account is 404; bad paging is 400", async () => {
    const { merchant } = await makeMerchant();
    await setStaticAccounts(await getDb(), { merchantId: merchant.id, staticAccounts: "enabled", actor: CLI_ACTOR });
    const other = await makeKey({ merchantId: merchant.id });
    const r = await call(paymentsGet, { path: `/v1/checkout/static-account/${account.id}/payments`, key: other.secretKey, params: { id: account.id } });
    expect(r.status).toBe(404);
    expect(r.body.error!.code).toBe("NOT_FOUND");
    expect((await list(account.id, "page_size=500")).status).toBe(400);
  });
});
