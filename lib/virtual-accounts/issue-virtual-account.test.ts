import { eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { getDb } from "@/db/client";
import { virtualAccounts } from "@/db/schema";
import { sandboxRail } from "@/lib/rails/router";
import { isValidNuban, nuban } from "@/lib/bank/nuban";
import { findPartnerBank } from "@/lib/bank/partner-banks";
import { getWalletPayId } from "@/lib/payids/find-pay-id";
import { randomDigits } from "@/lib/ids";
import { makeMerchant } from "@/tests/factories";
import { issueVirtualAccount, PLATFORM_DISPLAY_NAME, retireVirtualAccount, virtualAccountName, type IssueVirtualAccountInput } from "./issue-virtual-account";

let input: IssueVirtualAccountInput;

beforeAll(async () => {
  const { merchant } = await makeMerchant();
  const wallet = await getWalletPayId(await getDb(), { merchantId: merchant.id, mode: "test" });
  input = {
    merchantId: merchant.id,
    mode: "test",
    keyPairId: null,
    settlementPayIdId: wallet!.id,
    amount: 250_000,
    expiresAt: new Date(Date.now() + 30 * 60_000),
    source: "checkout",
    accountName: merchant.name,
  };
});

afterEach(() => vi.restoreAllMocks());

const issue = async (extra: Partial<IssueVirtualAccountInput> = {}) => issueVirtualAccount(await getDb(), { ...input, ...extra });

describe("issueVirtualAccount", () => {
  it("a pending account at the partner asked for, with the bank's default rule unless one is given", async () => {
    const va = await issue({ provider: "sterling", sessionId: null });
    const sterling = findPartnerBank("sterling")!;
    expect(va).toMatchObject({ status: "pending", provider: "sterling", bankName: "Sterling Bank", bankCode: "232", amount: 250_000, source: "checkout" });
    expect(va.amountValidation).toBe(sterling.defaultAmountValidation);
    expect(isValidNuban("232", va.accountNumber!)).toBe(true);
    expect((await issue({ provider: "wema", amountValidation: "A3" })).amountValidation).toBe("A3");
  });

  it("an unknown partner is 400 BANK_UNAVAILABLE", async () => {
    await expect(issue({ provider: "nope" })).rejects.toMatchObject({ code: "BANK_UNAVAILABLE", status: 400 });
  });

  it("a number already in use in this mode is asked for again (unique (mode, account_number))", async () => {
    const taken = await issue({ provider: "wema" });
    const fresh = nuban("035", randomDigits(9));
    const spy = vi
      .spyOn(sandboxRail(), "issueVirtualAccount")
      .mockResolvedValueOnce({ issued: true, accountNumber: taken.accountNumber!, accountName: "x", bankCode: "035", bankName: "Wema Bank" })
      .mockResolvedValueOnce({ issued: true, accountNumber: fresh, accountName: "x", bankCode: "035", bankName: "Wema Bank" });
    const va = await issue({ provider: "wema" });
    expect(va.accountNumber).toBe(fresh);
    expect(va.status).toBe("pending");
    expect(spy).toHaveBeenCalledTimes(2);
    expect(spy.mock.calls[1]![0].attempt).toBe(1);
  });

  it("works inside a caller's transaction even after a collision", async () => {
    const taken = await issue({ provider: "wema" });
    const fresh = nuban("035", randomDigits(9));
    vi.spyOn(sandboxRail(), "issueVirtualAccount")
      .mockResolvedValueOnce({ issued: true, accountNumber: taken.accountNumber!, accountName: "x", bankCode: "035", bankName: "Wema Bank" })
      .mockResolvedValueOnce({ issued: true, accountNumber: fresh, accountName: "x", bankCode: "035", bankName: "Wema Bank" });
    const db = await getDb();
    const id = await db.transaction(async (tx) => (await issueVirtualAccount(tx, { ...input, provider: "wema" })).id);
    const [row] = await db.select().from(virtualAccounts).where(eq(virtualAccounts.id, id));
    expect(row!.accountNumber).toBe(fresh);
  });

  it("cancelled, with no account number and the bank's reason, when the bank refuses or fails", async () => {
    const refused = await issue({ provider: "providus", metadata: { sandbox_issue: "fail" } });
    expect(refused).toMatchObject({ status: "cancelled", accountNumber: null, provider: "providus", bankName: "Providus Bank" });
    expect(refused.failureReason).toBeTruthy();
    vi.spyOn(sandboxRail(), "issueVirtualAccount").mockRejectedValueOnce(new Error("timeout"));
    vi.spyOn(console, "error").mockImplementation(() => {});
    expect(await issue()).toMatchObject({ status: "cancelled", accountNumber: null });
  });

  it("account name: the merchant's business name, else the platform display name", () => {
    expect(virtualAccountName("Acme Ltd")).toBe("Acme Ltd");
    expect(virtualAccountName("  ")).toBe(PLATFORM_DISPLAY_NAME);
    expect(virtualAccountName(null)).toBe("Owo Checkout");
  });
});

describe("retireVirtualAccount", () => {
  it("pending → expired with retiredAt; the number is kept", async () => {
    const va = await issue();
    const db = await getDb();
    await retireVirtualAccount(db, va.id);
    const [row] = await db.select().from(virtualAccounts).where(eq(virtualAccounts.id, va.id));
    expect(row!.status).toBe("expired");
    expect(row!.retiredAt).toBeInstanceOf(Date);
    expect(row!.accountNumber).toBe(va.accountNumber);
  });

  it("no-op on any other state (cancelled, already retired, unknown id)", async () => {
    const db = await getDb();
    const cancelled = await issue({ metadata: { sandbox_issue: "fail" } });
    await retireVirtualAccount(db, cancelled.id);
    const [row] = await db.select().from(virtualAccounts).where(eq(virtualAccounts.id, cancelled.id));
    expect(row!).toMatchObject({ status: "cancelled", retiredAt: null });

    const va = await issue();
    await retireVirtualAccount(db, va.id);
    const [first] = await db.select().from(virtualAccounts).where(eq(virtualAccounts.id, va.id));
    await retireVirtualAccount(db, va.id);
    const [second] = await db.select().from(virtualAccounts).where(eq(virtualAccounts.id, va.id));
    expect(second!.retiredAt).toEqual(first!.retiredAt);
    await expect(retireVirtualAccount(db, "0190c0de-0000-7000-8000-000000000000")).resolves.toBeUndefined();
  });

  it("503 BANK_SWITCH_FAILED when the bank refuses; the account stays pending", async () => {
    const va = await issue();
    vi.spyOn(sandboxRail(), "retireVirtualAccount").mockResolvedValueOnce({ retired: false, reason: "busy" });
    const db = await getDb();
    await expect(retireVirtualAccount(db, va.id)).rejects.toMatchObject({ code: "BANK_SWITCH_FAILED", status: 503 });
    const [row] = await db.select().from(virtualAccounts).where(eq(virtualAccounts.id, va.id));
    expect(row!.status).toBe("pending");
  });
});
