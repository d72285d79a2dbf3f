import { describe, expect, it } from "vitest";
import { POST as createStaticAccount } from "@/app/v1/checkout/static-account/route";
import { getDb } from "@/db/client";
import { CLI_ACTOR } from "@/lib/audit/record-audit";
import { randomBase62 } from "@/lib/ids";
import { setStaticAccounts } from "@/lib/merchants/set-static-accounts";
import { sandboxRail } from "@/lib/rails/router";
import { makeKey, makeMerchant } from "@/tests/factories";
import { call } from "@/tests/http";
import { SANDBOX_TEST_VALUES, sandboxHint, type SandboxTestValue } from "./sandbox-test-values";

/**
 * /docs/sandbox renders SANDBOX_TEST_VALUES. Each entry is driven through the sandbox here and
 * must do what the page says; an entry without a check below fails the first test, so the list
 * and the sandbox cannot drift apart. Real Postgres.
 */

async function staticAccountKey() {
  const { merchant } = await makeMerchant();
  await setStaticAccounts(await getDb(), { merchantId: merchant.id, staticAccounts: "enabled", actor: CLI_ACTOR });
  return makeKey({ merchantId: merchant.id, config: { rateLimit: 10_000 } });
}

/** POST /v1/checkout/static-account with an identity number ending in the value: the code, status and the hint in `details`. */
async function staticAccountAnswer(v: SandboxTestValue) {
  const key = await staticAccountKey();
  const json = { customer_name: "Chidinma Okafor", identity_type: "bvn", identity_number: `2221234${v.value}`, reference: `cust-${randomBase62(10)}` };
  const r = await call(createStaticAccount, { method: "POST", path: "/v1/checkout/static-account", key: key.secretKey, json });
  return { status: r.status, code: r.body.error?.code, details: r.body.error?.details };
}

/** The error the entry names, with its hint; the page's claim checked against the API's answer. */
async function answersItsError(v: SandboxTestValue) {
  expect(v.error).not.toBeNull();
  expect(await staticAccountAnswer(v)).toEqual({ status: v.error!.status, code: v.error!.code, details: [sandboxHint(v.id)] });
}

const CHECKS: Record<string, (v: SandboxTestValue) => Promise<void>> = {
  "identity-mismatch": (v) => answersItsError(v),
  "identity-unavailable": (v) => answersItsError(v),
  "issue-rejected": (v) => answersItsError(v),
  "issue-unavailable": (v) => answersItsError(v),
  "name-enquiry-unknown": async (v) => {
    await expect(sandboxRail().resolveAccount({ accountNumber: v.value, bankCode: "058" })).rejects.toMatchObject(v.error!);
    await expect(sandboxRail().resolveAccount({ accountNumber: "0123456789", bankCode: "058" })).resolves.toMatchObject({ account_number: "0123456789" });
  },
  "refund-fails": async (v) => {
    const refund = (account: string) =>
      sandboxRail().refundPayment({
        reference: `rf-${randomBase62(12)}`,
        paymentReference: `pay-${randomBase62(12)}`,
        amount: 50_000,
        channel: "bank_transfer",
        payer: { name: "Ada", bank: "058", account },
      });
    expect(await refund(v.value)).toMatchObject({ status: "failed" });
    expect(await refund("0123456789")).toMatchObject({ status: "completed" });
  },
  "virtual-account-issue-fails": async (v) => {
    const [, key] = v.field.split(".");
    const issue = (metadata: Record<string, unknown>) =>
      sandboxRail().issueVirtualAccount({
        provider: "wema",
        reference: `va-${randomBase62(10)}`,
        accountName: "Shop",
        amount: 100_000,
        amountValidation: "A0",
        expiresAt: new Date(Date.now() + 3_600_000),
        metadata,
      });
    expect(await issue({ [key!]: v.value })).toMatchObject({ issued: false });
    expect(await issue({})).toMatchObject({ issued: true });
  },
};

describe("the sandbox's test values (/docs/sandbox)", () => {
  it("each value listed has a check here, and each id is listed once", () => {
    const ids = SANDBOX_TEST_VALUES.map((v) => v.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.sort()).toEqual(Object.keys(CHECKS).sort());
  });

  for (const v of SANDBOX_TEST_VALUES) {
    it(`${v.field} ${v.match} ${v.value}: ${v.error ? `${v.error.status} ${v.error.code}` : v.effect}`, async () => {
      await CHECKS[v.id]!(v);
    });
  }

  it("an identity number with no test value creates the account, with no hint", async () => {
    const key = await staticAccountKey();
    const json = { customer_name: "Chidinma Okafor", identity_type: "bvn", identity_number: "22212345678", reference: `cust-${randomBase62(10)}` };
    const r = await call(createStaticAccount, { method: "POST", path: "/v1/checkout/static-account", key: key.secretKey, json });
    expect(r.status).toBe(200);
  });
});
