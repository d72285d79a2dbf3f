import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import type { Payment } from "@/db/schema";
import { emitEvents } from "@/lib/events/emit-event";
import { platformAccount, walletAccountFor } from "@/lib/ledger/accounts";
import { getRecordTrail } from "@/lib/ledger/record-trail";
import { postEntry } from "@/lib/ledger/post-entry";
import { insertPayment, insertSession, receivingMerchant, type ReceivingMerchant } from "@/tests/receiving-rows";
import { findPayment } from "./get-payment";
import { listPayments, parsePaymentSearch, type ListPaymentsQuery } from "./list-payments";
import { paymentsCsv } from "./payments-csv";

const q = (over: Partial<ListPaymentsQuery> = {}): ListPaymentsQuery => ({ page: 1, page_size: 100, ...over });
const refs = (items: { reference: string }[]) => items.map((i) => i.reference).sort();

describe("listPayments: scope, search, filters, paging", () => {
  let m: ReceivingMerchant;
  let live: ReceivingMerchant;
  let other: ReceivingMerchant;
  let bank: Payment, payid: Payment, card: Payment, session: Payment, va: Payment;

  beforeAll(async () => {
    m = await receivingMerchant();
    live = await receivingMerchant({ merchantId: m.merchantId, mode: "live" });
    other = await receivingMerchant();
    bank = await insertPayment(m, { merchantReference: "order-1001", customerEmail: "ngozi@shop.example", paidAt: new Date("2026-03-01T10:00:00Z") });
    payid = await insertPayment(m, { channel: "payid", fee: 0, payer: { name: "Tunde Bakare" }, paidAt: new Date("2026-03-02T10:00:00Z") });
    // 23:30 UTC on 3 March is 00:30 on 4 March in Lagos.
    card = await insertPayment(m, {
      channel: "card",
      payer: { name: "Amaka 50%_off", card: { masked_pan: "539983******1234" } },
      paidAt: new Date("2026-03-03T23:30:00Z"),
    });
    const s = await insertSession(m, { merchantReference: "cart-77" });
    session = await insertPayment(m, {
      destinationKind: "session",
      sessionId: s.id,
      payIdId: null,
      customerName: "Ife Ade",
      payer: {},
      paidAt: new Date("2026-03-05T10:00:00Z"),
    });
    va = await insertPayment(m, { destinationKind: "virtual_account", payIdId: null, paidAt: new Date("2026-03-06T10:00:00Z") });
    await insertPayment(live, { merchantReference: "order-1001" });
    await insertPayment(other, { merchantReference: "order-1001", customerEmail: "ngozi@shop.example" });
  });

  const run = async (over: Partial<ListPaymentsQuery> = {}, who = m) => listPayments(await getDb(), { merchantId: who.merchantId, mode: who.mode, ...q(over) });

  it("lists only the merchant's payments of the mode, newest paid first, with totals", async () => {
    const r = await run();
    expect(r.items.map((i) => i.reference)).toEqual([va, session, card, payid, bank].map((p) => p.reference));
    expect(r.total).toBe(5);
    expect((await run({}, live)).total).toBe(1);
    expect((await run({}, other)).total).toBe(1);
  });

  it("joins what identifies the destination (wallet PayID, session reference)", async () => {
    const r = await run();
    expect(r.items.find((i) => i.reference === bank.reference)!.payIdText).toBe(m.walletPayId);
    expect(r.items.find((i) => i.reference === session.reference)!.sessionReference).toMatch(/^CHK_/);
  });

  it.each([
    ["our reference, partly and in any case", () => bank.reference.slice(4, 14).toLowerCase(), () => [bank]],
    ["the caller's reference", () => "order-1001", () => [bank]],
    ["the customer's email", () => "NGOZI@shop", () => [bank]],
    ["the payer's name as the bank reported it", () => "tunde", () => [payid]],
    ["the customer's name when the payer has none", () => "ife ade", () => [session]],
  ])("search by %s", async (_what, search, expected) => {
    expect(refs((await run({ search: search() })).items)).toEqual(refs(expected()));
  });

  it("search treats % and _ literally", async () => {
    expect(refs((await run({ search: "50%_off" })).items)).toEqual([card.reference]);
    expect(refs((await run({ search: "%" })).items)).toEqual([card.reference]);
    expect((await run({ search: "0_%" })).total).toBe(0);
    expect((await run({ search: "nobody-here" })).total).toBe(0);
  });

  it("filters by channel and by destination kind", async () => {
    expect(refs((await run({ channel: "payid" })).items)).toEqual([payid.reference]);
    expect(refs((await run({ channel: "card" })).items)).toEqual([card.reference]);
    expect((await run({ channel: "bank_transfer" })).total).toBe(3);
    expect(refs((await run({ destination: "virtual_account" })).items)).toEqual([va.reference]);
    expect(refs((await run({ destination: "session", channel: "bank_transfer" })).items)).toEqual([session.reference]);
    expect((await run({ destination: "static_payid" })).total).toBe(0);
  });

  it("filters by Lagos calendar days, both ends inclusive", async () => {
    expect(refs((await run({ from: "2026-03-04", to: "2026-03-04" })).items)).toEqual([card.reference]);
    expect(refs((await run({ to: "2026-03-03" })).items)).toEqual(refs([bank, payid]));
    expect(refs((await run({ from: "2026-03-05" })).items)).toEqual(refs([session, va]));
    expect((await run({ from: "2026-03-07" })).total).toBe(0);
  });

  it("pages partition the list without overlap", async () => {
    const seen: string[] = [];
    for (let page = 1; page <= 3; page++) {
      const r = await run({ page, page_size: 2 });
      expect(r.total).toBe(5);
      expect(r.total_pages).toBe(3);
      seen.push(...r.items.map((i) => i.reference));
    }
    expect(seen).toEqual([va, session, card, payid, bank].map((p) => p.reference));
    expect((await run({ page: 9, page_size: 2 })).items).toEqual([]);
  });

  it("the CSV holds the filtered rows: naira amounts, fee and net, payer, destination", async () => {
    const { items } = await run({ channel: "bank_transfer", search: "order-1001" });
    const csv = paymentsCsv(items);
    const [header, row, end] = csv.split("\r\n");
    expect(header).toBe(
      "reference,merchant_reference,channel,status,amount_naira,fee_naira,net_naira,destination,destination_detail,payer_name,payer_bank,payer_account,customer_email,narration,paid_at",
    );
    expect(row).toBe(
      `${bank.reference},order-1001,bank_transfer,completed,1500.00,15.00,1485.00,wallet,${m.walletPayId},Chidi Okeke,Access Bank,0690000031,ngozi@shop.example,,2026-03-01T10:00:00.000Z`,
    );
    expect(end).toBe("");
  });
});

describe("parsePaymentSearch", () => {
  it("keeps the valid filters and drops only the bad ones", () => {
    expect(
      parsePaymentSearch({ channel: "carrier-pigeon", destination: "session", from: "2026-02-30x", to: "2026-03-01", page: "0", search: " abc " }),
    ).toEqual({
      page: 1,
      page_size: 20,
      destination: "session",
      to: "2026-03-01",
      search: "abc",
    });
    expect(parsePaymentSearch({ page: ["3", "4"], page_size: "500" })).toEqual({ page: 3, page_size: 20 });
  });
});

describe("findPayment and its trail", () => {
  it("finds a payment of the merchant and mode with its destination; another merchant's or mode's is null", async () => {
    const db = await getDb();
    const m = await receivingMerchant();
    const live = await receivingMerchant({ merchantId: m.merchantId, mode: "live" });
    const other = await receivingMerchant();
    const s = await insertSession(m);
    const p = await insertPayment(m, { destinationKind: "session", sessionId: s.id, payIdId: null });
    const found = await findPayment(db, { merchantId: m.merchantId, mode: "test", reference: p.reference });
    expect(found).toMatchObject({
      reference: p.reference,
      session: { id: s.id, reference: s.reference, status: "active" },
      virtualAccount: null,
      payIdText: null,
    });
    expect(await findPayment(db, { merchantId: other.merchantId, mode: "test", reference: p.reference })).toBeNull();
    expect(await findPayment(db, { merchantId: live.merchantId, mode: "live", reference: p.reference })).toBeNull();
    const wallet = await insertPayment(m);
    expect((await findPayment(db, { merchantId: m.merchantId, mode: "test", reference: wallet.reference }))!.payIdText).toBe(m.walletPayId);
  });

  it("the trail holds the payment's ledger entry and the events that name its reference, no one else's", async () => {
    const db = await getDb();
    const m = await receivingMerchant();
    const other = await receivingMerchant();
    const p = await insertPayment(m, { amount: 100_000, fee: 1_000 });
    await db.transaction(async (tx) => {
      const wallet = await walletAccountFor(tx, { id: m.walletPayIdId, merchantId: m.merchantId, mode: "test" });
      const [clearing, fees] = await Promise.all([platformAccount(tx, "test", "bank_clearing"), platformAccount(tx, "test", "fee_revenue")]);
      await postEntry(tx, {
        reference: p.reference,
        mode: "test",
        merchantId: m.merchantId,
        kind: "payment",
        moves: [
          { from: clearing.id, to: wallet.id, amount: 100_000 },
          { from: wallet.id, to: fees.id, amount: 1_000 },
        ],
      });
      await emitEvents(tx, [
        { merchantId: m.merchantId, mode: "test", keyPairId: m.keyPairId, type: "charge.success", data: { reference: p.reference } },
        { merchantId: other.merchantId, mode: "test", keyPairId: other.keyPairId, type: "charge.success", data: { reference: p.reference } },
      ]);
    });
    const trail = await getRecordTrail(db, { merchantId: m.merchantId, mode: "test", reference: p.reference });
    // Postings are netted per account: the wallet gains the amount less the fee.
    expect(trail.ledger.map((l) => [l.accountKind, l.amount]).sort()).toEqual([
      ["bank_clearing", -100_000],
      ["fee_revenue", 1_000],
      ["wallet", 99_000],
    ]);
    expect(trail.events.map((e) => e.type)).toEqual(["charge.success"]);
    expect((await getRecordTrail(db, { merchantId: other.merchantId, mode: "test", reference: p.reference })).ledger).toEqual([]);
  });
});
