import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { CLI_ACTOR } from "@/lib/audit/record-audit";
import { randomBase62 } from "@/lib/ids";
import { setStaticAccounts } from "@/lib/merchants/set-static-accounts";
import { makeKey, makeMerchant } from "@/tests/factories";
import { owoClient, owoError } from "./client";

describe("typed client: virtual accounts", () => {
  it("issue, get, list, a sandbox transfer to it completes it; sandbox expire answers the new expiry", async () => {
    const owo = owoClient((await makeKey()).secretKey);
    const va = await owo.createVirtualAccount({ amount: "2500.00" });
    expect(va).toMatchObject({ amount: "2500.00", status: "pending" });
    expect((await owo.getVirtualAccount(va.public_id)).account_number).toBe(va.account_number);
    expect((await owo.listVirtualAccounts({ status: "pending" })).items.map((i) => i.public_id)).toContain(va.public_id);
    await owo.createSandboxPayment({ account_number: va.account_number!, amount: 250_000 });
    expect((await owo.getVirtualAccount(va.public_id)).status).toBe("completed");

    const other = await owo.createVirtualAccount({ amount: 100 });
    const expired = await owo.sandboxExpire({ resource: "virtual_account", id: other.public_id });
    expect(expired).toMatchObject({ resource: "virtual_account", id: other.public_id });
    const missing = await owoError(owo.getVirtualAccount("va_missing"));
    expect({ status: missing.status, code: missing.code }).toEqual({ status: 404, code: "NOT_FOUND" });
  });
});

describe("typed client: static NGN accounts and refunds", () => {
  it("status, create, get, list, disable, enable, a payment, its refund, refunds list, settlement run, delete", async () => {
    const { merchant } = await makeMerchant();
    const owo = owoClient((await makeKey({ merchantId: merchant.id, config: { rateLimit: 10_000 } })).secretKey);
    expect((await owo.getStaticAccountStatus()).enabled).toBe(false);
    const off = await owoError(owo.listStaticAccounts());
    expect(off.code).toBe("STATIC_ACCOUNT_NOT_ENABLED");

    await setStaticAccounts(await getDb(), { merchantId: merchant.id, staticAccounts: "enabled", actor: CLI_ACTOR });
    const account = await owo.createStaticAccount({
      customer_name: "Chidinma Okafor",
      identity_type: "bvn",
      identity_number: "22212345678",
      reference: `cust-${randomBase62(10)}`,
    });
    expect(account).toMatchObject({ status: "active", identity_number_masked: "*******5678" });
    expect((await owo.getStaticAccount(account.id)).account_number).toBe(account.account_number);
    expect((await owo.listStaticAccounts()).items.map((a) => a.id)).toContain(account.id);
    expect((await owo.disableStaticAccount(account.id)).status).toBe("disabled");
    expect((await owo.enableStaticAccount(account.id)).status).toBe("active");

    await owo.createSandboxPayment({ account_number: account.account_number, amount: 500_000 });
    const payments = await owo.listStaticAccountPayments(account.id);
    expect(payments.items).toHaveLength(1);
    const payment = payments.items[0]!;
    expect(payment).toMatchObject({ amount: "5000.00", refundable: true, refund: null });
    const refund = await owo.requestRefund(account.id, payment.id, { reason: "Paid twice" });
    expect(refund).toMatchObject({ payment_id: payment.id, reason: "Paid twice" });
    expect((await owo.getRefund(refund.id)).id).toBe(refund.id);
    expect((await owo.listRefunds()).items.map((r) => r.id)).toContain(refund.id);
    const missing = await owoError(owo.requestRefund(account.id, "00000000-0000-7000-8000-000000000000", {}));
    expect({ status: missing.status, code: missing.code }).toEqual({ status: 404, code: "NOT_FOUND" });

    const run = await owo.runSandboxSettlement();
    expect(Object.keys(run).sort()).toEqual(["batched", "failed", "paid_out", "wallet_credit"]);
    expect((await owo.deleteStaticAccount(account.id)).status).toBe("deleted");
    const gone = await owoError(owo.disableStaticAccount(account.id));
    expect(gone.code).toBe("ACCOUNT_DELETED");
  });
});
