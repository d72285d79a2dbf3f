import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb, queryRows } from "@/db/client";
import { customers, type Mode } from "@/db/schema";
import { makeSandboxPayment } from "@/lib/payments/sandbox-payment";
import { makeKey, makeMerchant } from "@/tests/factories";
import { accountsOf, newSession, selectMethod } from "@/tests/sessions";
import { foldCustomers } from "./fold-customers";
import { findCustomer, listCustomerPayments, listCustomers, parseCustomerSearch } from "./list-customers";

/** A merchant with a test key taking cards and its wallet PayID. */
async function merchant() {
  const m = await makeMerchant();
  const test = await makeKey({ merchantId: m.merchant.id, mode: "test", config: { paymentMethods: ["bank_transfer", "payid", "card"] } });
  return { id: m.merchant.id, payId: m.payIds.test, key: test.secretKey };
}

const CARD = ["card", "bank_transfer"];
const pay = async (mode: Mode, body: Parameters<typeof makeSandboxPayment>[1]["body"]) => makeSandboxPayment(await getDb(), { mode, body });

/** The aggregate over payments by customer key: what every kept customer row must equal. */
async function aggregate(merchantId: string, mode: Mode) {
  const rows = await queryRows<{ key: string; n: number; total: string; first: string; last: string }>(
    await getDb(),
    sql`select customer_key as key, count(*)::int as n, sum(amount)::text as total, min(paid_at)::text as first, max(paid_at)::text as last
        from payments where merchant_id = ${merchantId} and mode = ${mode} and customer_key is not null group by customer_key order by customer_key`,
  );
  return rows.map((r) => ({ key: r.key, n: r.n, total: Number(r.total), first: r.first, last: r.last }));
}

/** The kept customer rows as the Customers area reads them: the merchant's pending payments folded first (migration 0033). */
async function kept(merchantId: string, mode: Mode) {
  await foldCustomers(await getDb(), { merchantId, mode });
  const rows = await queryRows<{ key: string; n: number; total: string; first: string; last: string }>(
    await getDb(),
    sql`select key, payments_count::int as n, total_amount::text as total, first_paid_at::text as first, last_paid_at::text as last
        from ${customers} where merchant_id = ${merchantId} and mode = ${mode} order by key`,
  );
  return rows.map((r) => ({ key: r.key, n: r.n, total: Number(r.total), first: r.first, last: r.last }));
}

describe("customers kept from payments (migrations 0024, 0033)", () => {
  it("rule: each customer's count, total, first and last payment equal the SQL aggregate of their payments, over every channel booked through receivePayment", async () => {
    const m = await merchant();
    // PayID (payer name only), twice from Ngozi, once from Chidi.
    await pay("test", { pay_id: m.payId, amount: 10_000, payer: { name: "Ngozi Eze" } });
    await pay("test", { pay_id: m.payId, amount: 25_050, payer: { name: "ngozi eze " } });
    await pay("test", { pay_id: m.payId, amount: 7_000, payer: { name: "Chidi Okeke" } });
    // Card on sessions that name the customer's email (any case): one customer.
    const s1 = await newSession(m.key, { amount: 50_000, email: "Ada@Example.com", payment_methods: CARD });
    await pay("test", { session_id: s1.session_id, channel: "card", amount: 50_000 });
    const s2 = await newSession(m.key, { amount: 80_000, email: "ada@example.com", payment_methods: CARD });
    await pay("test", { session_id: s2.session_id, channel: "card", amount: 80_000 });
    // Bank transfer to a session's virtual account: that session's email again.
    const s3 = await newSession(m.key, { amount: 12_345, email: "ada@example.com" });
    expect((await selectMethod(m.key, s3.session_id, { payment_method: "bank_transfer" })).status).toBe(200);
    const [account] = await accountsOf(s3.session_id);
    await pay("test", { account_number: account!.accountNumber!, amount: 12_345, payer: { name: "Adaeze Obi", bank: "GTBank", account: "0123456789" } });

    const expected = await aggregate(m.id, "test");
    expect(expected.map((e) => e.key)).toEqual(["ada@example.com", "name:chidi okeke", "name:ngozi eze"]);
    expect(await kept(m.id, "test")).toEqual(expected);

    const list = await listCustomers(await getDb(), { merchantId: m.id, mode: "test", ...parseCustomerSearch({}) });
    expect(list.total).toBe(3);
    const ada = list.items.find((c) => c.key === "ada@example.com")!;
    expect(ada).toMatchObject({ email: "Ada@Example.com", paymentsCount: 3, totalAmount: 142_345, lastChannel: "bank_transfer" });
    expect([...ada.channels].sort()).toEqual(["bank_transfer", "card"]);
    // The latest payer first.
    expect(list.items[0]!.key).toBe("ada@example.com");

    const page = await listCustomerPayments(await getDb(), ada, { page: 1, page_size: 20 });
    expect(page.total).toBe(3);
    expect(page.items.map((p) => p.amount)).toEqual([12_345, 80_000, 50_000]);
  });

  it("rule: a customer is the merchant's and the mode's own: another merchant's or mode's payments and ids never show", async () => {
    const a = await merchant();
    const b = await merchant();
    await pay("test", { pay_id: a.payId, amount: 1_000, payer: { name: "Same Person", bank: "Access", account: "0690000031" } });
    await pay("test", { pay_id: b.payId, amount: 2_000, payer: { name: "Same Person", bank: "Access", account: "0690000031" } });
    const db = await getDb();
    const la = await listCustomers(db, { merchantId: a.id, mode: "test", ...parseCustomerSearch({}) });
    const lb = await listCustomers(db, { merchantId: b.id, mode: "test", ...parseCustomerSearch({}) });
    expect(la.items.map((c) => [c.name, c.paymentsCount, c.totalAmount])).toEqual([["Same Person", 1, 1_000]]);
    expect(lb.items.map((c) => [c.name, c.paymentsCount, c.totalAmount])).toEqual([["Same Person", 1, 2_000]]);
    expect(await findCustomer(db, { merchantId: a.id, mode: "test", id: lb.items[0]!.id })).toBeNull();
    expect(await findCustomer(db, { merchantId: b.id, mode: "live", id: lb.items[0]!.id })).toBeNull();
    expect(await findCustomer(db, { merchantId: b.id, mode: "test", id: "not-a-uuid" })).toBeNull();
    expect((await findCustomer(db, { merchantId: b.id, mode: "test", id: lb.items[0]!.id }))?.totalAmount).toBe(2_000);
    expect((await listCustomers(db, { merchantId: a.id, mode: "live", ...parseCustomerSearch({}) })).total).toBe(0);
  });

  it("rule: search finds a customer by part of their name, email or payer account, and nothing else", async () => {
    const m = await merchant();
    await pay("test", { pay_id: m.payId, amount: 1_000, payer: { name: "Tunde Bakare" } });
    const s = await newSession(m.key, { amount: 3_000, email: "kemi@shop.example", payment_methods: CARD });
    await pay("test", { session_id: s.session_id, channel: "card", amount: 3_000 });
    const db = await getDb();
    const find = async (search: string) =>
      (await listCustomers(db, { merchantId: m.id, mode: "test", ...parseCustomerSearch({ search }) })).items.map((c) => c.name ?? c.email);
    expect(await find("bakare")).toEqual(["Tunde Bakare"]);
    expect(await find("KEMI@SHOP")).toHaveLength(1);
    expect(await find("nobody-here")).toEqual([]);
    const total = (await listCustomers(db, { merchantId: m.id, mode: "test", ...parseCustomerSearch({ search: "bakare" }) })).total;
    expect(total).toBe(1);
  });
});
