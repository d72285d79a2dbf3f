import { afterEach, describe, expect, it } from "vitest";
import { sandboxRail } from "@/lib/rails/router";
import { PARTNER_BANKS } from "@/lib/bank/partner-banks";
import type { BankProvider } from "@/lib/bank/provider";
import { accountsOf, makeExpired, newSession, selectMethod, sessionKey, sessionRow, switchBank, timeline } from "@/tests/sessions";

const g = globalThis as unknown as { __owoSandboxRail?: BankProvider };
afterEach(() => {
  delete g.__owoSandboxRail;
});

/** A session with a bank transfer selected; returns its details. */
async function withAccount() {
  const key = await sessionKey();
  const s = await newSession(key.secretKey);
  const r = await selectMethod(key.secretKey, s.session_id, { payment_method: "bank_transfer" });
  expect(r.status, r.text).toBe(200);
  return { key, s, details: r.body.data! };
}

const otherBank = (current: { provider: string; current: boolean }[]) => current.find((b) => !b.current)!.provider;

describe("POST /v1/checkout/session/:sessionId/switch-bank", () => {
  it("retires the old account, issues one at the chosen bank for the same amount and session, refreshes banks, logs bank_switched", async () => {
    const { key, s, details } = await withAccount();
    const provider = otherBank(details.banks);
    const r = await switchBank(key.secretKey, s.session_id, { provider });
    expect(r.status, r.text).toBe(200);
    const d = r.body.data!;
    const bank = PARTNER_BANKS.find((b) => b.provider === provider)!;
    expect(d).toMatchObject({ payment_method: "bank_transfer", bank_name: bank.bankName, bank_code: bank.bankCode, amount: 50_000, expires_at: s.expires_at });
    expect(d.account_number).not.toBe(details.account_number);
    expect(d.banks.find((b) => b.current)!.provider).toBe(provider);
    expect(d.banks).toHaveLength(PARTNER_BANKS.length);

    const [old, fresh] = await accountsOf(s.session_id);
    expect(old).toMatchObject({ accountNumber: details.account_number, status: "expired" });
    expect(old!.retiredAt).not.toBeNull();
    expect(fresh).toMatchObject({ accountNumber: d.account_number, provider, status: "pending", amount: 50_000, amountValidation: "A0", source: "checkout" });
    const row = await sessionRow(s.session_id);
    expect(row).toMatchObject({ virtualAccountId: fresh!.id, paymentMethod: "bank_transfer", amount: 50_000, reference: s.reference, attempts: 1 });
    const events = await timeline(s.session_id);
    expect(events.map((e) => e.type)).toEqual(["created", "method_selected", "bank_switched"]);
    expect(events[2]!.data).toMatchObject({ from_account_number: details.account_number, to_provider: provider, to_account_number: d.account_number });
  });

  it("the same payment-method call afterwards answers the new account", async () => {
    const { key, s, details } = await withAccount();
    const switched = await switchBank(key.secretKey, s.session_id, { provider: otherBank(details.banks) });
    const again = await selectMethod(key.secretKey, s.session_id, { payment_method: "bank_transfer" });
    expect(again.body.data).toEqual(switched.body.data);
  });

  it("the bank the live account is already at: that account, unchanged", async () => {
    const { key, s, details } = await withAccount();
    const current = details.banks.find((b) => b.current)!.provider;
    const r = await switchBank(key.publicKey, s.session_id, { provider: current });
    expect(r.body.data).toEqual(details);
    expect(await accountsOf(s.session_id)).toHaveLength(1);
  });

  it("a provider not in the banks list: 400 BANK_UNAVAILABLE, nothing changes", async () => {
    const { key, s } = await withAccount();
    const r = await switchBank(key.secretKey, s.session_id, { provider: "gtbank" });
    expect(r.status).toBe(400);
    expect(r.body.error!.code).toBe("BANK_UNAVAILABLE");
    expect(await accountsOf(s.session_id)).toHaveLength(1);
  });

  it("the previous account cannot be retired: 503 BANK_SWITCH_FAILED, nothing changes (retry later)", async () => {
    const { key, s, details } = await withAccount();
    const sandbox = sandboxRail();
    g.__owoSandboxRail = Object.assign(Object.create(sandbox) as BankProvider, {
      retireVirtualAccount: async () => ({ retired: false, reason: "partner busy" }),
    });
    const r = await switchBank(key.secretKey, s.session_id, { provider: otherBank(details.banks) });
    expect(r.status).toBe(503);
    expect(r.body.error!.code).toBe("BANK_SWITCH_FAILED");
    const accounts = await accountsOf(s.session_id);
    expect(accounts.map((a) => [a.accountNumber, a.status])).toEqual([[details.account_number, "pending"]]);
    expect((await timeline(s.session_id)).map((e) => e.type)).toEqual(["created", "method_selected"]);
    delete g.__owoSandboxRail;
    expect((await switchBank(key.secretKey, s.session_id, { provider: otherBank(details.banks) })).status).toBe(200);
  });

  it("before a bank transfer was selected: 400 INVALID_STATE", async () => {
    const key = await sessionKey();
    const s = await newSession(key.secretKey);
    const r = await switchBank(key.secretKey, s.session_id, { provider: PARTNER_BANKS[0]!.provider });
    expect(r.status).toBe(400);
    expect(r.body.error!.code).toBe("INVALID_STATE");
    await selectMethod(key.secretKey, s.session_id, { payment_method: "payid" });
    expect((await switchBank(key.secretKey, s.session_id, { provider: PARTNER_BANKS[0]!.provider })).body.error!.code).toBe("INVALID_STATE");
  });

  it("an expired session: 400 Session has expired.", async () => {
    const { key, s, details } = await withAccount();
    await makeExpired(s.session_id);
    const r = await switchBank(key.secretKey, s.session_id, { provider: otherBank(details.banks) });
    expect(r.status).toBe(400);
    expect(r.body.error).toEqual({ code: "HTTP_ERROR", message: "Session has expired." });
    // The expiry retired the session's account with it.
    expect((await accountsOf(s.session_id)).map((a) => a.status)).toEqual(["expired"]);
  });

  it("provider missing: 400 Validation error", async () => {
    const { key, s } = await withAccount();
    const r = await switchBank(key.secretKey, s.session_id, {});
    expect(r.status).toBe(400);
    expect(r.body.error).toMatchObject({ message: "Validation error", details: ["provider is required"] });
  });

  it("ownership: another key pair of the merchant 400; another merchant 404", async () => {
    const { key, s, details } = await withAccount();
    const sibling = await sessionKey({ merchantId: key.merchantId });
    const provider = otherBank(details.banks);
    expect((await switchBank(sibling.secretKey, s.session_id, { provider })).body.error).toEqual({
      code: "HTTP_ERROR",
      message: "Session does not belong to this API key.",
    });
    const stranger = await switchBank((await sessionKey()).secretKey, s.session_id, { provider });
    expect(stranger.status).toBe(404);
    expect(stranger.body.error!.message).toBe("Session not found.");
  });

  it("the bank cannot issue at the chosen bank: 503; the old account is retired and the cancelled one recorded", async () => {
    const key = await sessionKey();
    const s = await newSession(key.secretKey);
    const first = await selectMethod(key.secretKey, s.session_id, { payment_method: "bank_transfer" });
    const sandbox = sandboxRail();
    g.__owoSandboxRail = Object.assign(Object.create(sandbox) as BankProvider, {
      issueVirtualAccount: async () => ({ issued: false as const, reason: "down" }),
    });
    const r = await switchBank(key.secretKey, s.session_id, { provider: otherBank(first.body.data!.banks) });
    expect(r.status).toBe(503);
    expect((await accountsOf(s.session_id)).map((a) => a.status)).toEqual(["expired", "cancelled"]);
    delete g.__owoSandboxRail;
    // The customer can pick a bank again.
    const retry = await switchBank(key.secretKey, s.session_id, { provider: PARTNER_BANKS[0]!.provider });
    expect(retry.status, retry.text).toBe(200);
  });
});
