import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { afterCommitDeliveriesSettled } from "@/lib/events/deliver-after-commit";
import { transfers } from "@/db/schema";
import { transferCharges } from "@/lib/fees/transfer-fees";
import { makeKey, makeMerchant } from "@/tests/factories";
import {
  balance,
  bankBody,
  decidedBankTransfer,
  entryPostings,
  fundedKey,
  fundLiveWallet,
  getTransfer,
  initiate,
  initiateOk,
  listTotal,
  listTransfers,
  schedulerPassesUntilDecided,
  TRANSFER_FIELDS,
  uniqueRef,
  verifyTransfer,
  type TestKey,
} from "@/tests/transfers";
import type { TransferView } from "./transfer-view";

// Webhook first attempts started after commit must finish before the database closes.
afterAll(() => afterCommitDeliveriesSettled());

const BANK_TOTAL = transferCharges({ amount: 20_000, type: "bank_transfer" }).total;

/** Fields that never change once a transfer exists (status and completed_at may move on). */
const stable = (t: TransferView) => ({ ...t, status: undefined, completed_at: undefined });

describe("idempotency by reference (api.md: the existing transfer is returned unchanged)", () => {
  it("same reference and same body: the same transfer back (reference, public_id), no second debit, no second record", async () => {
    const key = await fundedKey(1_000_000);
    const reference = uniqueRef();
    const first = await initiateOk(key, bankBody({ reference, narration: "rent", metadata: { a: 1, b: { c: 2, d: 3 } } }));
    const afterFirst = await balance(key);
    expect(afterFirst).toBe(1_000_000 - BANK_TOTAL);
    // Same body with its keys (and nested keys) in another order.
    const again = await initiateOk(key, { metadata: { b: { d: 3, c: 2 }, a: 1 }, narration: "rent", reference, ...bankBody() });
    expect(stable(again)).toEqual(stable(first));
    expect(await balance(key)).toBe(afterFirst);
    expect(await listTotal(key)).toBe(1);
    expect(await entryPostings(`${again.reference}:debit`)).toHaveLength(2);
  });

  it("a PayID replay neither debits the sender nor credits the recipient twice", async () => {
    const key = await fundedKey(100_000);
    const recipient = await makeMerchant();
    const recipientKey = await makeKey({ merchantId: recipient.merchant.id });
    const body = { type: "payid", pay_id: recipient.payIds.test, amount: 30_000, reference: uniqueRef() };
    const first = await initiateOk(key, body);
    const again = await initiateOk(key, body);
    expect(again).toEqual(first); // completed at once, so nothing at all moves on
    expect(await balance(key)).toBe(70_000);
    expect(await balance(recipientKey)).toBe(30_000);
  });

  it.each([
    ["a different amount", { amount: 20_001 }],
    ["a different account_number", { account_number: "9876543210" }],
    ["a different narration", { narration: "something else" }],
    ["different metadata", { metadata: { other: true } }],
    ["another type", { type: "payid", pay_id: "someone", account_number: undefined, bank_code: undefined, account_name: undefined }],
  ])("same reference with %s: 409 REFERENCE_CONFLICT, nothing debited or created", async (_case, change) => {
    const key = await fundedKey(1_000_000);
    const reference = uniqueRef();
    const first = await initiateOk(key, bankBody({ reference }));
    const before = await balance(key);
    const r = await initiate(key, bankBody({ reference, ...change }));
    expect(r.status, r.text).toBe(409);
    expect(r.body.error!.code).toBe("REFERENCE_CONFLICT");
    expect(await balance(key)).toBe(before);
    expect(await listTotal(key)).toBe(1);
    expect(stable((await getTransfer(key, reference)).body.data!)).toEqual(stable(first));
  });

  it("references are per merchant: another merchant's identical reference makes its own transfer", async () => {
    const a = await fundedKey(100_000);
    const b = await fundedKey(100_000);
    const reference = uniqueRef();
    const ta = await initiateOk(a, bankBody({ reference }));
    const tb = await initiateOk(b, bankBody({ reference, amount: 30_000 })); // even with another body
    expect(tb.reference).not.toBe(ta.reference);
    expect(tb.amount).toBe(30_000);
    expect(await balance(a)).toBe(100_000 - BANK_TOTAL);
    expect(await balance(b)).toBe(100_000 - transferCharges({ amount: 30_000, type: "bank_transfer" }).total);
  });

  it("references are per mode: the same reference in test and live are two transfers", async () => {
    const test = await fundedKey(100_000);
    const live = await makeKey({ merchantId: test.merchantId, mode: "live", config: { rateLimit: 100_000 } });
    await fundLiveWallet(test.merchantId, 100_000);
    const recipient = await makeMerchant();
    const reference = uniqueRef();
    const tt = await initiateOk(test, { type: "payid", pay_id: recipient.payIds.test, amount: 10_000, reference });
    const tl = await initiateOk(live, { type: "payid", pay_id: recipient.payIds.live, amount: 20_000, reference });
    expect(tl.reference).not.toBe(tt.reference);
    expect((await getTransfer(test, reference)).body.data!.amount).toBe(10_000);
    expect((await getTransfer(live, reference)).body.data!.amount).toBe(20_000);
  });
});

describe("GET /transfer/:reference and /verify", () => {
  let key: TestKey;
  let t: TransferView;
  const merchantRef = uniqueRef("mine");

  beforeAll(async () => {
    key = await fundedKey(1_000_000);
    t = await initiateOk(key, bankBody({ reference: merchantRef, metadata: { invoice: "INV-9" } }));
  });

  it.each([
    ["GET", getTransfer],
    ["verify", verifyTransfer],
  ])("%s accepts the service reference and the merchant_reference, answering the same Transfer", async (_name, fetch) => {
    const byService = await fetch(key, t.reference);
    const byMerchant = await fetch(key, merchantRef);
    expect(byService.status, byService.text).toBe(200);
    expect(byMerchant.status, byMerchant.text).toBe(200);
    expect(Object.keys(byService.body.data!).sort()).toEqual(TRANSFER_FIELDS);
    expect(stable(byService.body.data!)).toEqual(stable(t));
    expect(stable(byMerchant.body.data!)).toEqual(stable(t));
    expect(byMerchant.body.data!.merchant_reference).toBe(merchantRef);
  });

  it.each([
    ["GET", getTransfer],
    ["verify", verifyTransfer],
  ])("%s: an unknown reference is 400 TRANSFER_NOT_FOUND", async (_name, fetch) => {
    const r = await fetch(key, `TRF_${uniqueRef()}`);
    expect(r.status).toBe(400);
    expect(r.body.success).toBe(false);
    expect(r.body.error!.code).toBe("TRANSFER_NOT_FOUND");
  });

  it.each([
    ["GET", getTransfer],
    ["verify", verifyTransfer],
  ])("%s: another merchant's reference (either kind) is 400 TRANSFER_NOT_FOUND, never its data", async (_name, fetch) => {
    const stranger = await fundedKey();
    for (const ref of [t.reference, merchantRef, t.public_id]) {
      const r = await fetch(stranger, ref);
      expect(r.status).toBe(400);
      expect(r.body.error!.code).toBe("TRANSFER_NOT_FOUND");
      expect(r.body.data).toBeUndefined();
      expect(r.text).not.toContain("INV-9");
    }
  });

  it("test and live keys of one merchant never see each other's transfers", async () => {
    const live = await makeKey({ merchantId: key.merchantId, mode: "live", config: { rateLimit: 100_000 } });
    // The live key cannot see the test transfer, by either reference, nor list it.
    for (const ref of [t.reference, merchantRef]) {
      expect((await getTransfer(live, ref)).body.error?.code).toBe("TRANSFER_NOT_FOUND");
      expect((await verifyTransfer(live, ref)).body.error?.code).toBe("TRANSFER_NOT_FOUND");
    }
    // A live transfer is invisible to the test key.
    await fundLiveWallet(key.merchantId, 50_000);
    const recipient = await makeMerchant();
    const liveRef = uniqueRef("live");
    const tl = await initiateOk(live, { type: "payid", pay_id: recipient.payIds.live, amount: 10_000, reference: liveRef });
    expect(await listTotal(live)).toBe(1);
    for (const ref of [tl.reference, liveRef]) expect((await getTransfer(key, ref)).body.error?.code).toBe("TRANSFER_NOT_FOUND");
    const testList = await listTransfers(key, "page_size=100");
    expect(testList.body.data!.items.map((i) => i.reference)).not.toContain(tl.reference);
    // Balances are per mode too.
    expect(await balance(live)).toBe(40_000);
  });
});

describe("GET /v1/checkout/transfer (list)", () => {
  let key: TestKey;
  let recipient: Awaited<ReturnType<typeof makeMerchant>>;
  let chidinma: TransferView;
  let emeka: TransferView;
  let failed: TransferView;
  let payids: TransferView[];
  const chidinmaRef = uniqueRef("list");

  /** The merchant's transfers straight from the database, newest first (the ground truth). */
  async function rows() {
    const all = await (
      await getDb()
    )
      .select()
      .from(transfers)
      .where(and(eq(transfers.merchantId, key.merchantId), eq(transfers.mode, "test")));
    return all.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1));
  }

  beforeAll(async () => {
    key = await fundedKey(20_000_000);
    recipient = await makeMerchant({ name: `Payee ${uniqueRef("p")}` });
    chidinma = await initiateOk(key, bankBody({ account_name: "Chidinma Okafor", account_number: "1111111111", reference: chidinmaRef }));
    emeka = await initiateOk(key, bankBody({ account_name: "EMEKA NWOSU", account_number: "2222222222", bank_code: "044" }));
    failed = await decidedBankTransfer(key, "failed", { body: { account_name: "Folake Failed", account_number: "3333333333" } });
    payids = [];
    for (let i = 0; i < 22; i++) payids.push(await initiateOk(key, { type: "payid", pay_id: recipient.payIds.test, amount: 10_000 + i }));
    // Every bank transfer reaches its final state, so status filters have a stable answer.
    for (const r of await rows()) if (r.status === "pending") await schedulerPassesUntilDecided(r.reference);
    await verifyTransfer(key, failed.reference);
  });

  it("answers {items, total, page, page_size, total_pages} with page 1 and page_size 20 by default", async () => {
    const r = await listTransfers(key);
    expect(r.status, r.text).toBe(200);
    const truth = await rows();
    expect(Object.keys(r.body.data!).sort()).toEqual(["items", "page", "page_size", "total", "total_pages"]);
    expect(r.body.data).toMatchObject({ total: truth.length, page: 1, page_size: 20, total_pages: Math.ceil(truth.length / 20) });
    expect(r.body.data!.items).toHaveLength(20);
  });

  it("items are Transfer objects with every api.md field", async () => {
    const r = await listTransfers(key, "page_size=100");
    for (const item of r.body.data!.items) {
      expect(Object.keys(item).sort()).toEqual(TRANSFER_FIELDS);
      expect(Object.keys(item.recipient).sort()).toEqual(["account_number", "bank", "name"]);
    }
    const listed = r.body.data!.items.find((i) => i.reference === chidinma.reference)!;
    expect(stable(listed)).toEqual(stable(chidinma));
  });

  it("newest first, and pages partition the list without overlap", async () => {
    const truth = (await rows()).map((r) => r.reference);
    expect(truth[0]).toBe(payids.at(-1)!.reference); // the last one made
    const seen: string[] = [];
    for (let page = 1; page <= Math.ceil(truth.length / 7); page++) {
      const r = await listTransfers(key, `page=${page}&page_size=7`);
      expect(r.body.data).toMatchObject({ page, page_size: 7, total: truth.length, total_pages: Math.ceil(truth.length / 7) });
      seen.push(...r.body.data!.items.map((i) => i.reference));
    }
    expect(seen).toEqual(truth);
    const created = seen.length;
    expect(created).toBeGreaterThanOrEqual(25);
  });

  it("a page past the end is empty but still reports the total", async () => {
    const r = await listTransfers(key, "page=99&page_size=20");
    expect(r.body.data!.items).toEqual([]);
    expect(r.body.data!.total).toBe((await rows()).length);
  });

  it("page_size 100 is allowed; 101, 0, or page 0 is a 400 Validation error naming the field", async () => {
    expect((await listTransfers(key, "page_size=100")).status).toBe(200);
    for (const [query, field] of [
      ["page_size=101", "page_size"],
      ["page_size=0", "page_size"],
      ["page=0", "page"],
      ["page=x", "page"],
    ] as const) {
      const r = await listTransfers(key, query);
      expect(r.status, query).toBe(400);
      expect(r.body.error!.message).toBe("Validation error");
      expect(r.body.error!.details!.some((d) => d.startsWith(field))).toBe(true);
    }
  });

  it("type filters: payid and bank_transfer", async () => {
    const truth = await rows();
    const p = await listTransfers(key, "type=payid&page_size=100");
    expect(p.body.data!.total).toBe(22);
    expect(p.body.data!.items.every((i) => i.type === "payid")).toBe(true);
    const b = await listTransfers(key, "type=bank_transfer&page_size=100");
    expect(b.body.data!.total).toBe(truth.filter((r) => r.type === "bank_transfer").length);
    expect(b.body.data!.items.every((i) => i.type === "bank_transfer")).toBe(true);
    expect(b.body.data!.items.map((i) => i.reference)).toEqual(expect.arrayContaining([chidinma.reference, emeka.reference, failed.reference]));
  });

  it("status filters: failed, completed, pending", async () => {
    const truth = await rows();
    for (const status of ["failed", "completed", "pending"] as const) {
      const r = await listTransfers(key, `status=${status}&page_size=100`);
      expect(r.body.data!.items.every((i) => i.status === status)).toBe(true);
      expect(r.body.data!.items.map((i) => i.reference).sort()).toEqual(
        truth
          .filter((t) => t.status === status)
          .map((t) => t.reference)
          .sort(),
      );
    }
    const f = await listTransfers(key, "status=failed");
    expect(f.body.data!.items.map((i) => i.reference)).toContain(failed.reference);
    const both = await listTransfers(key, "status=completed&type=bank_transfer&page_size=100");
    expect(both.body.data!.items.map((i) => i.reference)).toEqual(expect.arrayContaining([chidinma.reference, emeka.reference]));
    expect(both.body.data!.items.every((i) => i.status === "completed" && i.type === "bank_transfer")).toBe(true);
  });

  it("an unknown status or type is a 400 Validation error", async () => {
    for (const q of ["status=done", "type=wire"]) {
      const r = await listTransfers(key, q);
      expect(r.status).toBe(400);
      expect(r.body.error!.message).toBe("Validation error");
    }
  });

  it.each([
    ["the service reference", () => chidinma.reference, () => [chidinma.reference]],
    ["the merchant_reference", () => chidinmaRef, () => [chidinma.reference]],
    ["part of the recipient name, any case", () => "hIDINMA oka", () => [chidinma.reference]],
    ["the recipient name in another case", () => "emeka nwosu", () => [emeka.reference]],
    ["the account number", () => "2222222222", () => [emeka.reference]],
  ])("search by %s", async (_case, q, expected) => {
    const r = await listTransfers(key, `search=${encodeURIComponent(q())}`);
    expect(r.status, r.text).toBe(200);
    expect(r.body.data!.items.map((i) => i.reference)).toEqual(expected());
    expect(r.body.data!.total).toBe(expected().length);
  });

  it("search by the PayID recipient's name finds the PayID transfers", async () => {
    const r = await listTransfers(key, `search=${encodeURIComponent(recipient.merchant.name.toLowerCase())}&page_size=100`);
    expect(r.body.data!.items.map((i) => i.reference).sort()).toEqual(payids.map((p) => p.reference).sort());
  });

  it("search treats % and _ literally and finds nothing that does not match", async () => {
    // "_" would match the space in "Chidinma Okafor" and "%" anything, were they wildcards.
    for (const q of ["%", "Chidinma_Okafor", "Chidinma%Okafor", "no such recipient"]) {
      const r = await listTransfers(key, `search=${encodeURIComponent(q)}`);
      expect(r.body.data!.total, q).toBe(0);
    }
  });

  it("lists only the merchant's own transfers", async () => {
    const other = await fundedKey(100_000);
    await initiateOk(other, bankBody({ account_name: "Chidinma Okafor", account_number: "1111111111" }));
    const r = await listTransfers(key, "search=1111111111");
    expect(r.body.data!.items.map((i) => i.reference)).toEqual([chidinma.reference]);
  });
});
