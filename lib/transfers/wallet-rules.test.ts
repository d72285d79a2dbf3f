import { afterAll, describe, expect, it } from "vitest";
import { GET as walletGet, PATCH as walletPatch } from "@/app/v1/checkout/wallet/route";
import { POST as membersPost } from "@/app/v1/checkout/wallet/members/route";
import { getDb } from "@/db/client";
import { afterCommitDeliveriesSettled } from "@/lib/events/deliver-after-commit";
import { transferCharges } from "@/lib/fees/transfer-fees";
import { auditLedger } from "@/lib/ledger/audit-ledger";
import type { WalletView } from "@/lib/wallets/wallet-view";
import { makeKey, makeMerchant } from "@/tests/factories";
import { call } from "@/tests/http";
import { balance, bankBody, decidedBankTransfer, fundedKey, initiate, initiateOk, listTotal, uniqueRef, verifyTransfer, type TestKey } from "@/tests/transfers";

// Webhook first attempts started after commit must finish before the database closes.
afterAll(() => afterCommitDeliveriesSettled());

const patchWallet = async (key: TestKey, json: unknown) => {
  const r = await call<WalletView>(walletPatch, { method: "PATCH", key: key.secretKey, path: "/v1/checkout/wallet", json });
  expect(r.status, r.text).toBe(200);
};
const addMember = async (key: TestKey, json: unknown) => {
  const r = await call(membersPost, { method: "POST", key: key.secretKey, path: "/v1/checkout/wallet/members", json });
  expect(r.status, r.text).toBe(200);
};
const spentToday = async (key: TestKey) => (await call<WalletView>(walletGet, { key: key.secretKey, path: "/v1/checkout/wallet" })).body.data!.spent_today;

/** A recipient wallet (another merchant, test mode) with a key to read its balance. */
async function recipient() {
  const m = await makeMerchant();
  return { payId: m.payIds.test, key: await makeKey({ merchantId: m.merchant.id, config: { rateLimit: 100_000 } }) };
}
const payid = (payId: string, amount: number, extra: Record<string, unknown> = {}) => ({ type: "payid", pay_id: payId, amount, ...extra });

describe("members_only (supplement §7)", () => {
  it("a PayID transfer to a non-member is 403 RECIPIENT_NOT_ALLOWED and moves nothing; to a member it goes through", async () => {
    const key = await fundedKey(1_000_000);
    const [member, stranger] = [await recipient(), await recipient()];
    await addMember(key, { pay_id: member.payId });
    await patchWallet(key, { members_only: true });
    const refused = await initiate(key, payid(stranger.payId, 20_000));
    expect(refused.status, refused.text).toBe(403);
    expect(refused.body.error).toMatchObject({ code: "RECIPIENT_NOT_ALLOWED" });
    expect(await balance(key)).toBe(1_000_000);
    expect(await balance(stranger.key)).toBe(0);
    expect(await listTotal(key)).toBe(0);
    expect(await spentToday(key)).toBe(0);
    const ok = await initiateOk(key, payid(`@${member.payId}`, 20_000));
    expect(ok.status).toBe("completed");
    expect(await balance(member.key)).toBe(20_000);
  });

  it("bank transfers are not affected, and without members_only anyone may be paid", async () => {
    const key = await fundedKey(1_000_000);
    await patchWallet(key, { members_only: true });
    expect((await initiate(key, bankBody())).status).toBe(200);
    await patchWallet(key, { members_only: false });
    expect((await initiate(key, payid((await recipient()).payId, 10_000))).status).toBe(200);
  });

  it("a replay of a transfer made before members_only answers that transfer (idempotency wins)", async () => {
    const key = await fundedKey(1_000_000);
    const r = await recipient();
    const body = payid(r.payId, 10_000, { reference: uniqueRef("mo") });
    const first = await initiateOk(key, body);
    await patchWallet(key, { members_only: true });
    expect((await initiateOk(key, body)).reference).toBe(first.reference);
    expect(await listTotal(key)).toBe(1);
  });
});

describe("the wallet's daily limit", () => {
  it("caps the day's transfers out, amount plus fees, bank and PayID together; over it is 400 LIMIT_EXCEEDED and nothing moves", async () => {
    const bank = transferCharges({ amount: 20_000, type: "bank_transfer" }).total; // 21,075
    const key = await fundedKey(5_000_000);
    await patchWallet(key, { daily_limit: bank + 30_000 });
    await initiateOk(key, bankBody({ amount: 20_000 }));
    await initiateOk(key, payid((await recipient()).payId, 30_000));
    expect(await spentToday(key)).toBe(bank + 30_000);
    const before = await balance(key);
    const over = await initiate(key, payid((await recipient()).payId, 10_000));
    expect(over.status, over.text).toBe(400);
    expect(over.body.error).toEqual({ code: "LIMIT_EXCEEDED", message: "This transfer would exceed the wallet's daily limit." });
    expect(await balance(key)).toBe(before);
    expect(await listTotal(key)).toBe(2);
    expect(await spentToday(key)).toBe(bank + 30_000);
    // Raising the limit lets the same transfer through.
    await patchWallet(key, { daily_limit: bank + 40_000 });
    expect((await initiate(key, payid((await recipient()).payId, 10_000))).status).toBe(200);
  });

  it("a bank transfer whose fees take it over the limit is refused even though its amount fits", async () => {
    const key = await fundedKey(5_000_000);
    await patchWallet(key, { daily_limit: 20_000 });
    const r = await initiate(key, bankBody({ amount: 20_000 }));
    expect(r.body.error).toMatchObject({ code: "LIMIT_EXCEEDED" });
    expect(await balance(key)).toBe(5_000_000);
  });

  it("a failed bank transfer stops counting: its amount and fees leave spent_today", async () => {
    const key = await fundedKey(5_000_000);
    const total = transferCharges({ amount: 20_000, type: "bank_transfer" }).total;
    const t = await decidedBankTransfer(key, "failed");
    expect(await spentToday(key)).toBe(total);
    await verifyTransfer(key, t.reference);
    expect(await spentToday(key)).toBe(0);
  });

  it("spent_today counts even while no limit is set, so a limit set later in the day counts the day's earlier transfers", async () => {
    const key = await fundedKey(5_000_000);
    await initiateOk(key, payid((await recipient()).payId, 40_000));
    await patchWallet(key, { daily_limit: 50_000 });
    expect((await initiate(key, payid((await recipient()).payId, 20_000))).body.error).toMatchObject({ code: "LIMIT_EXCEEDED" });
    expect((await initiate(key, payid((await recipient()).payId, 10_000))).status).toBe(200);
  });
});

describe("a member's daily limit", () => {
  it("caps the day's PayID transfers to that member only", async () => {
    const key = await fundedKey(5_000_000);
    const [member, other] = [await recipient(), await recipient()];
    await addMember(key, { pay_id: member.payId, daily_limit: 25_000 });
    await initiateOk(key, payid(member.payId, 15_000));
    const over = await initiate(key, payid(member.payId, 15_000));
    expect(over.status).toBe(400);
    expect(over.body.error).toEqual({ code: "LIMIT_EXCEEDED", message: "This transfer would exceed the daily limit for this recipient." });
    expect(await balance(member.key)).toBe(15_000);
    // Other recipients and the wallet's own total are not capped by it.
    await initiateOk(key, payid(other.payId, 100_000));
    await initiateOk(key, payid(member.payId, 10_000));
    expect(await balance(member.key)).toBe(25_000);
    expect(await spentToday(key)).toBe(125_000);
  });
});

describe("limits under concurrency (real parallel requests on Postgres)", () => {
  it("30 parallel PayID transfers of ₦100 at a wallet limit of ₦1,200: exactly 12 succeed, 18 LIMIT_EXCEEDED", async () => {
    const key = await fundedKey(10_000_000);
    const r = await recipient();
    await patchWallet(key, { daily_limit: 120_000 });
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => initiate(key, payid(r.payId, 10_000, { reference: `c-${i}` }))));
    const ok = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status !== 200);
    expect(ok).toHaveLength(12);
    expect(
      refused.every((a) => a.status === 400 && a.body.error!.code === "LIMIT_EXCEEDED"),
      refused.find((a) => a.body.error?.code !== "LIMIT_EXCEEDED")?.text,
    ).toBe(true);
    expect(await balance(r.key)).toBe(120_000);
    expect(await balance(key)).toBe(10_000_000 - 120_000);
    expect(await spentToday(key)).toBe(120_000);
    expect(await listTotal(key)).toBe(12);
    expect((await auditLedger(await getDb())).ok).toBe(true);
  });

  it("20 parallel bank transfers at a wallet limit fitting 7 of them (amount + fees): exactly 7 succeed", async () => {
    const each = transferCharges({ amount: 10_000, type: "bank_transfer" }).total;
    const key = await fundedKey(10_000_000);
    await patchWallet(key, { daily_limit: 7 * each + each - 1 });
    const answers = await Promise.all(Array.from({ length: 20 }, () => initiate(key, bankBody({ amount: 10_000 }))));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(7);
    expect(answers.filter((a) => a.status === 400 && a.body.error!.code === "LIMIT_EXCEEDED")).toHaveLength(13);
    expect(await balance(key)).toBe(10_000_000 - 7 * each);
  });

  it("25 parallel PayID transfers to one member with a member limit fitting 5: exactly 5 reach the member", async () => {
    const key = await fundedKey(10_000_000);
    const member = await recipient();
    await addMember(key, { pay_id: member.payId, daily_limit: 50_000 });
    const answers = await Promise.all(Array.from({ length: 25 }, () => initiate(key, payid(member.payId, 10_000))));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(5);
    expect(answers.filter((a) => a.status === 400 && a.body.error!.code === "LIMIT_EXCEEDED")).toHaveLength(20);
    expect(await balance(member.key)).toBe(50_000);
  });
});
