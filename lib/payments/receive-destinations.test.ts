import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { POST as pay } from "@/app/v1/sandbox/payments/route";
import { POST as expire } from "@/app/v1/sandbox/expire/route";
import { getDb } from "@/db/client";
import { dynamicPayIds, events, payments, virtualAccounts, type AmountValidation } from "@/db/schema";
import { walletBalance } from "@/lib/ledger/accounts";
import { auditLedger } from "@/lib/ledger/audit-ledger";
import { createDynamicPayId } from "@/lib/payids/dynamic-payids";
import { expireDueReceivables } from "@/lib/payments/expire-due-receivables";
import { issueVirtualAccount } from "@/lib/virtual-accounts/issue-virtual-account";
import { armPause } from "@/tests/pause-points";
import { makeKey } from "@/tests/factories";
import { call } from "@/tests/http";
import { closeLockObserver, lockObserver } from "@/tests/lock-observer";
import { rowLockHolder, untilArrived } from "@/tests/lock-waits";

const PAY = "/v1/sandbox/payments";
afterAll(closeLockObserver);
const inMinutes = (m: number) => new Date(Date.now() + m * 60_000);

async function owner() {
  const key = await makeKey();
  return { key, settlementPayIdId: key.keyPair.settlementPayIdId!, merchantId: key.merchantId, keyPairId: key.keyPair.id };
}

async function virtualAccount(amount: number, amountValidation: AmountValidation = "A0") {
  const o = await owner();
  const db = await getDb();
  const va = await db.transaction((tx) =>
    issueVirtualAccount(tx, {
      merchantId: o.merchantId,
      mode: "test",
      keyPairId: o.keyPairId,
      settlementPayIdId: o.settlementPayIdId,
      amount,
      amountValidation,
      expiresAt: inMinutes(60),
      source: "api",
      accountName: "Test Store",
    }),
  );
  return { ...o, va };
}

async function dynamicPayId(opts: { amount?: number | null; rule?: AmountValidation; multiple?: boolean } = {}) {
  const o = await owner();
  const db = await getDb();
  const row = await db.transaction((tx) =>
    createDynamicPayId(tx, {
      merchantId: o.merchantId,
      mode: "test",
      keyPairId: o.keyPairId,
      settlementPayIdId: o.settlementPayIdId,
      amount: opts.amount === undefined ? 500_000 : opts.amount,
      amountValidation: opts.rule ?? "A4",
      allowMultiplePayments: opts.multiple ?? false,
      expiresAt: inMinutes(60),
      source: "api",
    }),
  );
  return { ...o, row };
}

const balanceOf = async (payIdId: string) => walletBalance(await getDb(), { payIdId });
const chargeEvents = async (reference: string) =>
  (await (await getDb()).select().from(events).where(eq(events.type, "charge.success"))).filter((e) => e.data.reference === reference);

describe("payments into virtual accounts (bank_transfer channel)", () => {
  it("a matching transfer completes the account, credits amount less the 1% fee and sends charge.success with payer name, bank and account", async () => {
    const { key, va, settlementPayIdId } = await virtualAccount(1_000_000);
    const payer = await makeKey();
    const r = await call(pay, {
      method: "POST",
      key: payer.secretKey,
      path: PAY,
      json: { account_number: va.accountNumber, amount: 1_000_000, payer: { name: "Bola Ade", bank: "GTBank", account: "0123456789" } },
    });
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({ reference: va.reference, channel: "bank_transfer", amount: 1_000_000, status: "completed" });
    const db = await getDb();
    const [after] = await db.select().from(virtualAccounts).where(eq(virtualAccounts.id, va.id));
    expect(after).toMatchObject({ status: "completed" });
    expect(after!.completedAt).toBeInstanceOf(Date);
    expect(await balanceOf(settlementPayIdId)).toBe(1_000_000 - 10_000);
    const [event] = await chargeEvents(va.reference);
    expect(event!.keyPairId).toBe(key.keyPair.id);
    expect(event!.data).toMatchObject({
      channel: "bank_transfer",
      amount: 1_000_000,
      fees: 10_000,
      status: "completed",
      payer: { name: "Bola Ade", bank: "GTBank", account: "0123456789" },
    });
  });

  it("a completed account takes no second payment: 400 DESTINATION_CLOSED, nothing booked", async () => {
    const { va, settlementPayIdId } = await virtualAccount(50_000);
    const payer = await makeKey();
    await call(pay, { method: "POST", key: payer.secretKey, path: PAY, json: { account_number: va.accountNumber, amount: 50_000 } });
    const again = await call(pay, { method: "POST", key: payer.secretKey, path: PAY, json: { account_number: va.accountNumber, amount: 50_000 } });
    expect(again.status).toBe(400);
    expect(again.body.error).toMatchObject({ code: "DESTINATION_CLOSED" });
    expect(await balanceOf(settlementPayIdId)).toBe(50_000 - 500);
  });

  it("the bank enforces the account's amount rule: A0 refuses a different amount with 400 AMOUNT_REJECTED and the account stays pending", async () => {
    const { va, settlementPayIdId } = await virtualAccount(50_000, "A0");
    const payer = await makeKey();
    const r = await call(pay, { method: "POST", key: payer.secretKey, path: PAY, json: { account_number: va.accountNumber, amount: 49_999 } });
    expect(r.status).toBe(400);
    expect(r.body.error).toMatchObject({ code: "AMOUNT_REJECTED" });
    const [after] = await (await getDb()).select().from(virtualAccounts).where(eq(virtualAccounts.id, va.id));
    expect(after!.status).toBe("pending");
    expect(await balanceOf(settlementPayIdId)).toBe(0);
  });

  it("an account past its validity refuses payment with DESTINATION_CLOSED and the scheduler moves it pending → expired", async () => {
    const { key, va } = await virtualAccount(50_000);
    const e = await call(expire, { method: "POST", key: key.secretKey, path: "/v1/sandbox/expire", json: { resource: "virtual_account", id: va.publicId } });
    expect(e.status).toBe(200);
    expect(e.body.data).toMatchObject({ resource: "virtual_account", id: va.publicId, expires_at: expect.any(String) });
    const payer = await makeKey();
    const r = await call(pay, { method: "POST", key: payer.secretKey, path: PAY, json: { account_number: va.accountNumber, amount: 50_000 } });
    expect(r.body.error).toMatchObject({ code: "DESTINATION_CLOSED" });
    // The refusal books nothing; the scheduler's pass records the transition.
    await expireDueReceivables(await getDb());
    const [after] = await (await getDb()).select().from(virtualAccounts).where(eq(virtualAccounts.id, va.id));
    expect(after!.status).toBe("expired");
  });

  it("an account number nobody issued is 400 DESTINATION_NOT_FOUND", async () => {
    const payer = await makeKey();
    const r = await call(pay, { method: "POST", key: payer.secretKey, path: PAY, json: { account_number: "9999999999", amount: 50_000 } });
    expect(r.status).toBe(400);
    expect(r.body.error).toMatchObject({ code: "DESTINATION_NOT_FOUND" });
  });

  it("a live-mode account is not reachable by a test-mode sandbox payment (modes never meet)", async () => {
    const key = await makeKey({ mode: "live" });
    const db = await getDb();
    const va = await db.transaction((tx) =>
      issueVirtualAccount(tx, {
        merchantId: key.merchantId,
        mode: "live",
        keyPairId: key.keyPair.id,
        settlementPayIdId: key.keyPair.settlementPayIdId!,
        amount: 10_000,
        expiresAt: inMinutes(60),
        source: "api",
        accountName: "Live",
      }),
    );
    const payer = await makeKey();
    const r = await call(pay, { method: "POST", key: payer.secretKey, path: PAY, json: { account_number: va.accountNumber, amount: 10_000 } });
    expect(r.body.error).toMatchObject({ code: "DESTINATION_NOT_FOUND" });
  });
});

describe("payments into dynamic PayIDs (payid channel)", () => {
  it("a single-use PayID completes on its first payment (completed_at set), credits the full amount (PayID payments are free) and a second payment is DESTINATION_CLOSED", async () => {
    const { row, settlementPayIdId } = await dynamicPayId({ amount: 500_000 });
    const payer = await makeKey();
    const r = await call(pay, {
      method: "POST",
      key: payer.secretKey,
      path: PAY,
      json: { pay_id: `@${row.fullPayId}`, amount: 500_000, payer: { name: "Ife" } },
    });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ channel: "payid", amount: 500_000, status: "completed" });
    const [after] = await (await getDb()).select().from(dynamicPayIds).where(eq(dynamicPayIds.id, row.id));
    expect(after).toMatchObject({ status: "completed", paymentCount: 1 });
    expect(after!.completedAt).toBeInstanceOf(Date);
    expect(await balanceOf(settlementPayIdId)).toBe(500_000);
    const [event] = await chargeEvents(r.body.data!.reference as string);
    expect(event!.data.payer).toEqual({ name: "Ife" });
    expect(event!.data).not.toHaveProperty("fees");
    const again = await call(pay, { method: "POST", key: payer.secretKey, path: PAY, json: { pay_id: row.fullPayId, amount: 500_000 } });
    expect(again.body.error).toMatchObject({ code: "DESTINATION_CLOSED" });
  });

  it("the default rule A4 refuses less than the amount (AMOUNT_REJECTED) and accepts more", async () => {
    const { row } = await dynamicPayId({ amount: 500_000, rule: "A4" });
    const payer = await makeKey();
    const less = await call(pay, { method: "POST", key: payer.secretKey, path: PAY, json: { pay_id: row.fullPayId, amount: 499_999 } });
    expect(less.body.error).toMatchObject({ code: "AMOUNT_REJECTED" });
    const more = await call(pay, { method: "POST", key: payer.secretKey, path: PAY, json: { pay_id: row.fullPayId, amount: 600_000 } });
    expect(more.status).toBe(200);
  });

  it("with no amount every payment is accepted", async () => {
    const { row } = await dynamicPayId({ amount: null, rule: "A0" });
    const payer = await makeKey();
    const r = await call(pay, { method: "POST", key: payer.secretKey, path: PAY, json: { pay_id: row.fullPayId, amount: 123 } });
    expect(r.status).toBe(200);
  });

  it("allow_multiple_payments keeps it active across payments; at expiry it becomes completed (it took payments), completed_at set then", async () => {
    const { key, row, settlementPayIdId } = await dynamicPayId({ amount: null, multiple: true });
    const payer = await makeKey();
    for (const amount of [10_000, 20_000]) {
      const r = await call(pay, { method: "POST", key: payer.secretKey, path: PAY, json: { pay_id: row.fullPayId, amount } });
      expect(r.status).toBe(200);
    }
    const db = await getDb();
    const [mid] = await db.select().from(dynamicPayIds).where(eq(dynamicPayIds.id, row.id));
    expect(mid).toMatchObject({ status: "active", paymentCount: 2, amountReceived: 30_000, completedAt: null });
    await call(expire, { method: "POST", key: key.secretKey, path: "/v1/sandbox/expire", json: { resource: "dynamic_payid", id: row.id } });
    await expireDueReceivables(db);
    const [end] = await db.select().from(dynamicPayIds).where(eq(dynamicPayIds.id, row.id));
    expect(end!.status).toBe("completed");
    expect(end!.completedAt).toBeInstanceOf(Date);
    expect(await balanceOf(settlementPayIdId)).toBe(30_000);
  });

  it("a multiple-payment PayID that took nothing becomes expired at expiry; the scheduler job moves it", async () => {
    const { key, row } = await dynamicPayId({ amount: null, multiple: true });
    await call(expire, { method: "POST", key: key.secretKey, path: "/v1/sandbox/expire", json: { resource: "dynamic_payid", id: row.id } });
    const db = await getDb();
    expect(await expireDueReceivables(db)).toBeGreaterThanOrEqual(1);
    const [end] = await db.select().from(dynamicPayIds).where(eq(dynamicPayIds.id, row.id));
    expect(end).toMatchObject({ status: "expired", completedAt: null });
  });

  it("an expired PayID refuses payment with DESTINATION_CLOSED", async () => {
    const { key, row } = await dynamicPayId();
    await call(expire, { method: "POST", key: key.secretKey, path: "/v1/sandbox/expire", json: { resource: "dynamic_payid", id: row.id } });
    const payer = await makeKey();
    const r = await call(pay, { method: "POST", key: payer.secretKey, path: PAY, json: { pay_id: row.fullPayId, amount: 500_000 } });
    expect(r.body.error).toMatchObject({ code: "DESTINATION_CLOSED" });
  });

  it("concurrency: 10 payments racing for one single-use PayID book exactly one; the rest are DESTINATION_CLOSED; the ledger balances", async () => {
    const { row, settlementPayIdId } = await dynamicPayId({ amount: 500_000 });
    const payer = await makeKey();
    const send = () => call(pay, { method: "POST", key: payer.secretKey, path: PAY, json: { pay_id: row.fullPayId, amount: 500_000 } });
    // The first payment waits right after taking the PayID's row lock; the other nine all
    // arrive while it holds it (each waits on the lock, or has finished if nothing was locked).
    const pause = armPause("receive:destination-locked");
    const first = send();
    await pause.reached;
    const others = Array.from({ length: 9 }, send);
    const watch = await lockObserver();
    await untilArrived(watch, await rowLockHolder(watch, "dynamic_pay_ids", row.id), others);
    pause.release();
    const results = await Promise.all([first, ...others]);
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.body.error?.code === "DESTINATION_CLOSED")).toHaveLength(9);
    const booked = await (await getDb()).select().from(payments).where(eq(payments.dynamicPayIdId, row.id));
    expect(booked).toHaveLength(1);
    expect(await balanceOf(settlementPayIdId)).toBe(500_000);
    expect((await auditLedger(await getDb())).ok).toBe(true);
  });

  it("concurrency: 10 payments racing for one virtual account book exactly one", async () => {
    const { va } = await virtualAccount(70_000);
    const payer = await makeKey();
    const send = () => call(pay, { method: "POST", key: payer.secretKey, path: PAY, json: { account_number: va.accountNumber, amount: 70_000 } });
    const pause = armPause("receive:destination-locked");
    const first = send();
    await pause.reached;
    const others = Array.from({ length: 9 }, send);
    const watch = await lockObserver();
    await untilArrived(watch, await rowLockHolder(watch, "virtual_accounts", va.id), others);
    pause.release();
    const results = await Promise.all([first, ...others]);
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    const booked = await (await getDb()).select().from(payments).where(eq(payments.virtualAccountId, va.id));
    expect(booked).toHaveLength(1);
  });
});

describe("POST /v1/sandbox/expire", () => {
  it("another merchant's record, or an unknown id, is 404 NOT_FOUND and nothing changes", async () => {
    const { row } = await dynamicPayId();
    const stranger = await makeKey();
    const r = await call(expire, { method: "POST", key: stranger.secretKey, path: "/v1/sandbox/expire", json: { resource: "dynamic_payid", id: row.id } });
    expect(r.status).toBe(404);
    expect(r.body.error).toMatchObject({ code: "NOT_FOUND" });
    const [after] = await (await getDb()).select().from(dynamicPayIds).where(eq(dynamicPayIds.id, row.id));
    expect(after!.expiresAt.getTime()).toBe(row.expiresAt.getTime());
  });

  it("an unknown resource is a validation error naming the field; a live key is 403 SANDBOX_ONLY", async () => {
    const key = await makeKey();
    const bad = await call(expire, { method: "POST", key: key.secretKey, path: "/v1/sandbox/expire", json: { resource: "planet", id: "x" } });
    expect(bad.status).toBe(400);
    expect(bad.body.error!.details!.join(" ")).toMatch(/resource/);
    const live = await makeKey({ mode: "live" });
    const l = await call(expire, { method: "POST", key: live.secretKey, path: "/v1/sandbox/expire", json: { resource: "session", id: "x" } });
    expect(l.status).toBe(403);
    expect(l.body.error).toMatchObject({ code: "SANDBOX_ONLY" });
  });
});
