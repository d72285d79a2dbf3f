import { afterAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { afterCommitDeliveriesSettled } from "@/lib/events/deliver-after-commit";
import { transferCharges } from "@/lib/fees/transfer-fees";
import { auditLedger } from "@/lib/ledger/audit-ledger";
import { makeKey, makeMerchant } from "@/tests/factories";
import {
  balance,
  bankBody,
  decidedBankTransfer,
  entryPostings,
  fundedKey,
  initiate,
  listTotal,
  sandboxBankRows,
  transferEvents,
  uniqueRef,
  verifyTransfer,
} from "@/tests/transfers";

// Webhook first attempts started after commit must finish before the database closes.
afterAll(() => afterCommitDeliveriesSettled());

describe("concurrent requests on the route handlers", () => {
  it("100 identical initiations with one reference at once: one transfer, one debit, 100 × 200 with the same reference", async () => {
    const charges = transferCharges({ amount: 250_000, type: "bank_transfer" });
    const key = await fundedKey(10 * charges.total);
    const body = bankBody({ amount: 250_000, reference: uniqueRef("burst") });
    const answers = await Promise.all(Array.from({ length: 100 }, () => initiate(key, body)));
    const statuses = answers.map((a) => a.status);
    expect(
      statuses.filter((s) => s !== 200),
      answers.find((a) => a.status !== 200)?.text,
    ).toEqual([]);
    const references = new Set(answers.map((a) => a.body.data!.reference));
    const publicIds = new Set(answers.map((a) => a.body.data!.public_id));
    expect(references.size).toBe(1);
    expect(publicIds.size).toBe(1);
    const [reference] = [...references];
    expect(await listTotal(key)).toBe(1);
    expect(await balance(key)).toBe(9 * charges.total);
    expect(await entryPostings(`${reference}:debit`)).toHaveLength(2);
    expect(await sandboxBankRows(reference!)).toHaveLength(1);
  });

  it("identical reference, two different bodies at once: one transfer; its body's requests get 200, the others 409 REFERENCE_CONFLICT", async () => {
    const key = await fundedKey(1_000_000);
    const reference = uniqueRef("race");
    const a = bankBody({ amount: 20_000, reference });
    const b = bankBody({ amount: 30_000, reference });
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => initiate(key, i % 2 ? a : b)));
    expect(await listTotal(key)).toBe(1);
    const winners = answers.filter((r) => r.status === 200);
    const amount = winners[0]!.body.data!.amount;
    expect(winners).toHaveLength(20);
    expect(winners.every((w) => w.body.data!.amount === amount)).toBe(true);
    const losers = answers.filter((r) => r.status !== 200);
    expect(losers).toHaveLength(20);
    expect(losers.every((l) => l.status === 409 && l.body.error!.code === "REFERENCE_CONFLICT")).toBe(true);
    expect(await balance(key)).toBe(1_000_000 - transferCharges({ amount, type: "bank_transfer" }).total);
  });

  it("300 distinct PayID transfers at a wallet funded for exactly 150: 150 succeed, 150 INSUFFICIENT_FUNDS, balance 0, ledger sound", async () => {
    const each = transferCharges({ amount: 10_000, type: "payid" }).total;
    const key = await fundedKey(150 * each);
    const recipient = await makeMerchant();
    const recipientKey = await makeKey({ merchantId: recipient.merchant.id });
    const answers = await Promise.all(
      Array.from({ length: 300 }, (_, i) => initiate(key, { type: "payid", pay_id: recipient.payIds.test, amount: 10_000, reference: `p-${i}` })),
    );
    const ok = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status !== 200);
    expect(ok).toHaveLength(150);
    expect(refused).toHaveLength(150);
    expect(
      refused.every((r) => r.status === 400 && r.body.error!.code === "INSUFFICIENT_FUNDS"),
      refused.find((r) => r.body.error?.code !== "INSUFFICIENT_FUNDS")?.text,
    ).toBe(true);
    expect(ok.every((r) => r.body.data!.status === "completed")).toBe(true);
    expect(new Set(ok.map((r) => r.body.data!.reference)).size).toBe(150);
    expect(await balance(key)).toBe(0);
    expect(await balance(recipientKey)).toBe(150 * 10_000);
    expect(await listTotal(key)).toBe(150);
    expect((await auditLedger(await getDb())).ok).toBe(true);
  });

  it("40 distinct bank transfers at a wallet funded for exactly 20 (amount + fee + vat each): 20 succeed, 20 INSUFFICIENT_FUNDS, balance 0", async () => {
    const each = transferCharges({ amount: 10_000, type: "bank_transfer" }).total;
    expect(each).toBe(11_075);
    const key = await fundedKey(20 * each);
    const answers = await Promise.all(Array.from({ length: 40 }, () => initiate(key, bankBody({ amount: 10_000 }))));
    const ok = answers.filter((a) => a.status === 200);
    expect(ok).toHaveLength(20);
    expect(answers.filter((a) => a.status === 400 && a.body.error!.code === "INSUFFICIENT_FUNDS")).toHaveLength(20);
    expect(await balance(key)).toBe(0);
    expect(await listTotal(key)).toBe(20);
    expect((await auditLedger(await getDb())).ok).toBe(true);
  });

  it("20 concurrent verifies of a decided transfer record its outcome once: one settlement, one transfer.success", async () => {
    const key = await fundedKey(1_000_000);
    const t = await decidedBankTransfer(key, "completed");
    const before = await balance(key);
    const answers = await Promise.all(Array.from({ length: 20 }, () => verifyTransfer(key, t.reference)));
    expect(answers.every((a) => a.status === 200 && a.body.data!.status === "completed")).toBe(true);
    expect(await entryPostings(`${t.reference}:settle`)).toHaveLength(4); // amount, fee, vat (no stamp duty under 1,000,000)
    expect(await transferEvents(key.keyPair.id, "transfer.success", t.reference)).toHaveLength(1);
    expect(await balance(key)).toBe(before);
  });

  it("20 concurrent verifies of a transfer decided failed refund it once", async () => {
    const key = await fundedKey(1_000_000);
    const t = await decidedBankTransfer(key, "failed");
    const before = await balance(key);
    const answers = await Promise.all(Array.from({ length: 20 }, () => verifyTransfer(key, t.reference)));
    expect(answers.every((a) => a.status === 200 && a.body.data!.status === "failed")).toBe(true);
    expect(await balance(key)).toBe(before + transferCharges({ amount: 20_000, type: "bank_transfer" }).total);
    expect(await entryPostings(`${t.reference}:reverse`)).toHaveLength(2);
    expect(await transferEvents(key.keyPair.id, "transfer.failed", t.reference)).toHaveLength(1);
  });
});
