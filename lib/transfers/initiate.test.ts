import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as balanceGet } from "@/app/v1/checkout/transfer/balance/route";
import { POST as initiatePost } from "@/app/v1/checkout/transfer/route";
import { sql } from "drizzle-orm";
import { getDb, queryRows } from "@/db/client";
import { transferCharges } from "@/lib/fees/transfer-fees";
import { auditLedger } from "@/lib/ledger/audit-ledger";
import { afterCommitDeliveriesSettled } from "@/lib/events/deliver-after-commit";
import { makeKey, makeMerchant } from "@/tests/factories";
import { call } from "@/tests/http";
import {
  balance,
  bankBody,
  entryPostings,
  eventsOf,
  fund,
  fundedKey,
  initiate,
  initiateOk,
  listTotal,
  TRANSFER_FIELDS,
  transferEvents,
  transferRow,
  uniqueRef,
  type TestKey,
} from "@/tests/transfers";

// Webhook first attempts started after commit must finish before the database closes.
afterAll(() => afterCommitDeliveriesSettled());

const FUNDS = 50_000_000;
let key: TestKey;

beforeAll(async () => {
  key = await fundedKey(FUNDS);
});

describe("POST /v1/checkout/transfer: validation (api.md initiate body)", () => {
  const CASES: [string, Record<string, unknown>, string][] = [
    ["type missing", bankBody({ type: undefined }), "type"],
    ["type unknown", bankBody({ type: "wire" }), "type"],
    ["account_number missing", bankBody({ account_number: undefined }), "account_number"],
    ["account_number of 9 digits", bankBody({ account_number: "012345678" }), "account_number"],
    ["account_number of 11 digits", bankBody({ account_number: "01234567890" }), "account_number"],
    ["account_number with a letter", bankBody({ account_number: "01234567a9" }), "account_number"],
    ["account_number as a number", bankBody({ account_number: 1234567890 }), "account_number"],
    ["bank_code missing", bankBody({ bank_code: undefined }), "bank_code"],
    ["bank_code unknown", bankBody({ bank_code: "424242" }), "bank_code"],
    ["account_name missing", bankBody({ account_name: undefined }), "account_name"],
    ["account_name blank", bankBody({ account_name: "  " }), "account_name"],
    ["amount missing", bankBody({ amount: undefined }), "amount"],
    ["amount a string", bankBody({ amount: "20000" }), "amount"],
    ["amount not an integer", bankBody({ amount: 20_000.5 }), "amount"],
    ["amount below 10000", bankBody({ amount: 9_999 }), "amount"],
    ["amount above 500000000", bankBody({ amount: 500_000_001 }), "amount"],
    ["narration over 100 characters", bankBody({ narration: "n".repeat(101) }), "narration"],
    ["reference over 128 characters", bankBody({ reference: "r".repeat(129) }), "reference"],
    ["metadata a string", bankBody({ metadata: "order 7" }), "metadata"],
    ["metadata an array", bankBody({ metadata: [1, 2] }), "metadata"],
    ["payid: pay_id missing", { type: "payid", amount: 20_000 }, "pay_id"],
    ["payid: amount below 10000", { type: "payid", pay_id: "someone", amount: 100 }, "amount"],
  ];

  it.each(CASES)("%s → 400 Validation error naming the field; nothing created, nothing debited", async (_case, json, field) => {
    const before = await balance(key);
    const total = await listTotal(key);
    const r = await initiate(key, json);
    expect(r.status, r.text).toBe(400);
    expect(r.body.success).toBe(false);
    expect(r.body.error).toMatchObject({ code: "HTTP_ERROR", message: "Validation error" });
    expect(
      r.body.error!.details!.some((d) => d.startsWith(`${field} `) || d.startsWith(`${field}:`)),
      JSON.stringify(r.body.error!.details),
    ).toBe(true);
    expect(await listTotal(key)).toBe(total);
    expect(await balance(key)).toBe(before);
  });

  it("narration of exactly 100 and reference of exactly 128 characters are accepted", async () => {
    const t = await initiateOk(key, bankBody({ narration: "n".repeat(100), reference: `${uniqueRef()}`.padEnd(128, "x") }));
    expect(t.narration).toHaveLength(100);
    expect(t.merchant_reference).toHaveLength(128);
  });

  it("amounts 10000 and 500000000 are the inclusive bounds (accepted when affordable)", async () => {
    const rich = await fundedKey(600_000_000);
    await initiateOk(rich, bankBody({ amount: 10_000 }));
    const top = await initiateOk(rich, bankBody({ amount: 500_000_000 }));
    expect(top.amount).toBe(500_000_000);
  });

  it("a malformed JSON body is 400 Malformed JSON body", async () => {
    const r = await call(initiatePost, {
      method: "POST",
      path: "/v1/checkout/transfer",
      key: key.secretKey,
      body: "{not json",
      headers: { "content-type": "application/json" },
    });
    expect(r.status).toBe(400);
    expect(r.body.error!.message).toBe("Malformed JSON body");
  });
});

describe("POST /v1/checkout/transfer: bank_transfer", () => {
  it("debits amount + fee + vat + stamp_duty at initiation and answers a pending Transfer", async () => {
    const k = await fundedKey(3_000_000);
    const charges = transferCharges({ amount: 1_000_000, type: "bank_transfer" });
    expect(charges.total).toBe(1_007_688);
    const t = await initiateOk(k, bankBody({ amount: 1_000_000, narration: "Invoice 42", metadata: { order: 42 } }));
    expect(Object.keys(t).sort()).toEqual(TRANSFER_FIELDS);
    expect(t).toMatchObject({
      type: "bank_transfer",
      status: "pending", // checked right after initiation; nothing decided its outcome yet
      amount: 1_000_000,
      fees: 2_500,
      vat: 188,
      stamp_duty: 5_000,
      currency: "NGN",
      narration: "Invoice 42",
      recipient: { name: "ADA OBI", bank: "Guaranty Trust Bank", account_number: "0123456789" },
      merchant_reference: null,
      metadata: { order: 42 },
      completed_at: null,
    });
    expect(t.reference).toMatch(/\S/);
    expect(t.public_id).toMatch(/\S/);
    expect(new Date(t.created_at).toISOString()).toBe(t.created_at);
    expect(await balance(k)).toBe(3_000_000 - charges.total);
  });

  it("the debit is one journal entry moving the total from the wallet to transfers in flight", async () => {
    const k = await fundedKey(1_000_000);
    const t = await initiateOk(k, bankBody({ amount: 600_000 }));
    const postings = await entryPostings(`${t.reference}:debit`);
    const total = transferCharges({ amount: 600_000, type: "bank_transfer" }).total;
    expect(postings.map((p) => [p.kind, Number(p.amount)]).sort()).toEqual([
      ["transfers_in_flight", total],
      ["wallet", -total],
    ]);
  });

  it("is accepted with Authorization: Bearer <secret key>", async () => {
    const k = await fundedKey(100_000);
    const r = await call(initiatePost, { method: "POST", path: "/v1/checkout/transfer", bearer: k.secretKey, json: bankBody() });
    expect(r.status, r.text).toBe(200);
    const b = await call<{ available_balance: number }>(balanceGet, { path: "/v1/checkout/transfer/balance", bearer: k.secretKey });
    expect(b.body.data).toEqual({ available_balance: 100_000 - transferCharges({ amount: 20_000, type: "bank_transfer" }).total, currency: "NGN" });
  });

  it("INSUFFICIENT_FUNDS (400) when the wallet cannot afford the total: nothing created, balance unchanged", async () => {
    const charges = transferCharges({ amount: 100_000, type: "bank_transfer" });
    const k = await fundedKey(charges.total - 1); // enough for the amount, not for amount + fee + vat
    const reference = uniqueRef();
    const r = await initiate(k, bankBody({ amount: 100_000, reference }));
    expect(r.status, r.text).toBe(400);
    expect(r.body.error!.code).toBe("INSUFFICIENT_FUNDS");
    expect(await listTotal(k)).toBe(0);
    expect(await balance(k)).toBe(charges.total - 1);

    // The reference was not consumed: after funding, the same request goes through.
    await fund(k, 100);
    const ok = await initiateOk(k, bankBody({ amount: 100_000, reference }));
    expect(ok.merchant_reference).toBe(reference);
    expect(await balance(k)).toBe(99);
  });

  it("a wallet that was never funded gets INSUFFICIENT_FUNDS, and nothing is created", async () => {
    const k = await fundedKey(0);
    const r = await initiate(k, bankBody());
    expect(r.status).toBe(400);
    expect(r.body.error!.code).toBe("INSUFFICIENT_FUNDS");
    expect(await listTotal(k)).toBe(0);
    expect(await balance(k)).toBe(0);
  });

  it("a wallet with exactly the total can pay it, leaving 0", async () => {
    const total = transferCharges({ amount: 5_000_001, type: "bank_transfer" }).total;
    const k = await fundedKey(total);
    await initiateOk(k, bankBody({ amount: 5_000_001 }));
    expect(await balance(k)).toBe(0);
  });
});

describe("POST /v1/checkout/transfer: payid", () => {
  let recipient: Awaited<ReturnType<typeof makeMerchant>>;
  let recipientKey: TestKey;

  beforeAll(async () => {
    recipient = await makeMerchant();
    recipientKey = await makeKey({ merchantId: recipient.merchant.id, config: { rateLimit: 100_000 } });
  });

  it.each([
    ["without @", (h: string) => h],
    ["with @", (h: string) => `@${h}`],
    ["in upper case with @", (h: string) => `@${h.toUpperCase()}`],
  ])("pay_id %s completes at once, free, to the recipient merchant", async (_case, form) => {
    const sender = await fundedKey(100_000);
    const before = await balance(recipientKey);
    const t = await initiateOk(sender, { type: "payid", pay_id: form(recipient.payIds.test), amount: 40_000, narration: "thanks" });
    expect(Object.keys(t).sort()).toEqual(TRANSFER_FIELDS);
    expect(t).toMatchObject({
      type: "payid",
      status: "completed",
      amount: 40_000,
      fees: 0,
      vat: 0,
      stamp_duty: 0,
      currency: "NGN",
      narration: "thanks",
      recipient: { name: recipient.merchant.name, bank: null, account_number: null },
    });
    expect(t.completed_at).not.toBeNull();
    expect(await balance(sender)).toBe(60_000);
    expect(await balance(recipientKey)).toBe(before + 40_000);
  });

  it("the recipient's read travels with the rate-limit count: over the limit nothing is written; a pay_id unfit to send is looked up as before", async () => {
    const limited = await makeKey({ config: { rateLimit: 2 } });
    await fund(limited, 100_000); // the first call of the minute
    await initiateOk(limited, { type: "payid", pay_id: recipient.payIds.test, amount: 20_000 });
    const reference = uniqueRef("over-limit");
    const refused = await initiate(limited, { type: "payid", pay_id: recipient.payIds.test, amount: 20_000, reference });
    expect(refused.status).toBe(429);
    const [row] = await queryRows<{ n: number }>(await getDb(), sql`select count(*)::int as n from transfers where merchant_reference = ${reference}`);
    expect(row!.n).toBe(0);

    const sender = await fundedKey(100_000);
    const nul = await initiate(sender, { type: "payid", pay_id: "some\u0000one", amount: 20_000 });
    expect(nul.status).toBe(400); // never a failed read (a 500)
    const wrongType = await initiate(sender, { type: "payid", pay_id: 42, amount: 20_000 });
    expect(wrongType.status).toBe(400);
    expect(await balance(sender)).toBe(100_000);
  });

  it("even a large PayID transfer carries no fee, VAT or stamp duty", async () => {
    const sender = await fundedKey(2_000_000);
    const t = await initiateOk(sender, { type: "payid", pay_id: recipient.payIds.test, amount: 2_000_000 });
    expect(t).toMatchObject({ fees: 0, vat: 0, stamp_duty: 0 });
    expect(await balance(sender)).toBe(0);
  });

  it("the recipient's key gets charge.success on the payid channel, payer the sender's name, no fees; the sender gets transfer.success", async () => {
    const senderMerchant = await makeMerchant();
    const sender = await fundedKey(100_000, { merchantId: senderMerchant.merchant.id });
    const t = await initiateOk(sender, { type: "payid", pay_id: `@${recipient.payIds.test}`, amount: 25_000 });
    await afterCommitDeliveriesSettled();
    const charges = await transferEvents(recipientKey.keyPair.id, "charge.success", t.reference);
    expect(charges).toHaveLength(1);
    const data = charges[0]!.data;
    expect(charges[0]!.merchantId).toBe(recipient.merchant.id);
    expect(data).toMatchObject({
      reference: t.reference,
      amount: 25_000,
      currency: "NGN",
      status: "completed",
      channel: "payid",
      payer: { name: senderMerchant.merchant.name },
    });
    expect(Object.keys(data.payer as object)).toEqual(["name"]);
    expect(data).not.toHaveProperty("fees");
    expect(typeof data.paid_at).toBe("string");
    // Nothing about it goes to the sender's key as a charge; the sender hears transfer.success.
    expect(await transferEvents(sender.keyPair.id, "charge.success", t.reference)).toHaveLength(0);
    const success = await transferEvents(sender.keyPair.id, "transfer.success", t.reference);
    expect(success).toHaveLength(1);
    expect(success[0]!.data).toEqual(t);
    // The recipient is not told about a transfer it did not make.
    expect(await transferEvents(recipientKey.keyPair.id, "transfer.success", t.reference)).toHaveLength(0);
  });

  it("an unknown PayID is 400 ACCOUNT_NOT_FOUND; nothing created or debited", async () => {
    const sender = await fundedKey(100_000);
    const r = await initiate(sender, { type: "payid", pay_id: `nobody-${uniqueRef()}`, amount: 20_000 });
    expect(r.status).toBe(400);
    expect(r.body.error!.code).toBe("ACCOUNT_NOT_FOUND");
    expect(await listTotal(sender)).toBe(0);
    expect(await balance(sender)).toBe(100_000);
  });

  it("a test-mode PayID transfer credits the recipient's test wallet, never its live wallet (same handle)", async () => {
    const liveRecipientKey = await makeKey({ merchantId: recipient.merchant.id, mode: "live" });
    const sender = await fundedKey(100_000);
    await initiateOk(sender, { type: "payid", pay_id: recipient.payIds.test, amount: 20_000 });
    const live = await call<{ available_balance: number }>(balanceGet, { path: "/v1/checkout/transfer/balance", key: liveRecipientKey.secretKey });
    expect(live.body.data!.available_balance).toBe(0);
  });

  it("the sender's own wallet PayID is a 400 Validation error naming pay_id; nothing created", async () => {
    const m = await makeMerchant();
    const sender = await fundedKey(100_000, { merchantId: m.merchant.id });
    const r = await initiate(sender, { type: "payid", pay_id: `@${m.payIds.test}`, amount: 20_000 });
    expect(r.status).toBe(400);
    expect(r.body.error).toMatchObject({ code: "HTTP_ERROR", message: "Validation error" });
    expect(r.body.error!.details!.some((d) => d.startsWith("pay_id"))).toBe(true);
    expect(await listTotal(sender)).toBe(0);
    expect(await balance(sender)).toBe(100_000);
  });

  it("INSUFFICIENT_FUNDS when the wallet holds less than the amount: nothing created, nobody credited", async () => {
    const sender = await fundedKey(19_999);
    const before = await balance(recipientKey);
    const r = await initiate(sender, { type: "payid", pay_id: recipient.payIds.test, amount: 20_000 });
    expect(r.status).toBe(400);
    expect(r.body.error!.code).toBe("INSUFFICIENT_FUNDS");
    expect(await listTotal(sender)).toBe(0);
    expect(await balance(sender)).toBe(19_999);
    expect(await balance(recipientKey)).toBe(before);
    expect(await eventsOf(sender.keyPair.id, "transfer.success")).toHaveLength(0);
  });

  it("the ledger stays balanced after PayID transfers", async () => {
    const sender = await fundedKey(50_000);
    const t = await initiateOk(sender, { type: "payid", pay_id: recipient.payIds.test, amount: 50_000 });
    expect((await transferRow(t.reference)).status).toBe("completed");
    expect((await auditLedger(await getDb())).ok).toBe(true);
  });
});
