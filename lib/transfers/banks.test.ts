import { beforeAll, describe, expect, it } from "vitest";
import { GET as banksGet } from "@/app/v1/checkout/transfer/banks/route";
import { POST as resolvePost } from "@/app/v1/checkout/transfer/banks/resolve/route";
import { POST as aliasPost } from "@/app/v1/checkout/transfer/resolve-account/route";
import type { Bank, ResolvedAccount } from "@/lib/bank/provider";
import { makeKey } from "@/tests/factories";
import { call, type RouteHandler } from "@/tests/http";

let secretKey: string;

beforeAll(async () => {
  secretKey = (await makeKey({ config: { rateLimit: 1000 } })).secretKey;
});

describe("GET /v1/checkout/transfer/banks", () => {
  it("returns data.banks as an array of {bankCode, bankName}", async () => {
    const { status, body } = await call<{ banks: Bank[] }>(banksGet, { path: "/v1/checkout/transfer/banks", key: secretKey });
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    const banks = body.data!.banks;
    expect(Array.isArray(banks)).toBe(true);
    expect(banks.length).toBeGreaterThan(10);
    for (const bank of banks) {
      expect(Object.keys(bank).sort()).toEqual(["bankCode", "bankName"]);
      expect(typeof bank.bankCode).toBe("string");
      expect(bank.bankCode).not.toBe("");
      expect(typeof bank.bankName).toBe("string");
      expect(bank.bankName).not.toBe("");
    }
  });

  it("includes 058 Guaranty Trust Bank and 044 Access Bank", async () => {
    const { body } = await call<{ banks: Bank[] }>(banksGet, { path: "/v1/checkout/transfer/banks", key: secretKey });
    expect(body.data!.banks).toContainEqual({ bankCode: "058", bankName: "Guaranty Trust Bank" });
    expect(body.data!.banks).toContainEqual({ bankCode: "044", bankName: "Access Bank" });
  });

  it("bank codes are unique", async () => {
    const { body } = await call<{ banks: Bank[] }>(banksGet, { path: "/v1/checkout/transfer/banks", key: secretKey });
    const codes = body.data!.banks.map((b) => b.bankCode);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it("works with a key that has no permissions beyond being a secret key", async () => {
    const key = await makeKey({ config: { permissions: ["checkout"], linkWallet: false } });
    const { status } = await call(banksGet, { path: "/v1/checkout/transfer/banks", key: key.secretKey });
    expect(status).toBe(200);
  });
});

/** The route and its SDK-compatibility alias must behave identically. */
const RESOLVERS: [string, RouteHandler, string][] = [
  ["POST /v1/checkout/transfer/banks/resolve", resolvePost, "/v1/checkout/transfer/banks/resolve"],
  ["POST /v1/checkout/transfer/resolve-account (alias)", aliasPost, "/v1/checkout/transfer/resolve-account"],
];

describe.each(RESOLVERS)("%s", (_name, handler, path) => {
  const resolve = (json: unknown) => call<ResolvedAccount>(handler, { method: "POST", path, key: secretKey, json });

  it("any 10-digit number resolves to a non-empty name, echoing account_number and bank_code", async () => {
    const { status, body } = await resolve({ account_number: "0123456789", bank_code: "058" });
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    expect(Object.keys(body.data!).sort()).toEqual(["account_name", "account_number", "bank_code"]);
    expect(typeof body.data!.account_name).toBe("string");
    expect(body.data!.account_name.trim()).not.toBe("");
    expect(body.data!.account_number).toBe("0123456789");
    expect(body.data!.bank_code).toBe("058");
  });

  it("the same account resolves to the same name every time", async () => {
    const a = await resolve({ account_number: "2233445566", bank_code: "044" });
    const b = await resolve({ account_number: "2233445566", bank_code: "044" });
    expect(a.status).toBe(200);
    expect(b.body.data!.account_name).toBe(a.body.data!.account_name);
  });

  it("different accounts get (generally) different names", async () => {
    const names = new Set<string>();
    for (const n of ["1000000001", "1000000002", "1000000003", "1000000004", "1000000005"]) {
      names.add((await resolve({ account_number: n, bank_code: "058" })).body.data!.account_name);
    }
    expect(names.size).toBeGreaterThan(1);
  });

  it("0000000000 gets 400 ACCOUNT_NOT_FOUND", async () => {
    const { status, body } = await resolve({ account_number: "0000000000", bank_code: "058" });
    expect(status).toBe(400);
    expect(body.success).toBe(false);
    expect(body.error?.code).toBe("ACCOUNT_NOT_FOUND");
    expect(body.correlationId).toBeTruthy();
  });

  it("an unknown bank_code gets 400 'Validation error' naming bank_code", async () => {
    const { status, body } = await resolve({ account_number: "0123456789", bank_code: "999" });
    expect(status).toBe(400);
    expect(body.error?.code).toBe("HTTP_ERROR");
    expect(body.error?.message).toBe("Validation error");
    expect(body.error?.details?.some((d) => d.includes("bank_code"))).toBe(true);
  });

  it("an account_number that is not 10 digits gets 400 'Validation error' naming account_number", async () => {
    for (const account_number of ["123", "01234567890", "01234abcde"]) {
      const { status, body } = await resolve({ account_number, bank_code: "058" });
      expect(status, account_number).toBe(400);
      expect(body.error?.message).toBe("Validation error");
      expect(body.error?.details?.some((d) => d.includes("account_number"))).toBe(true);
    }
  });

  it("a missing field gets 400 'Validation error' naming it", async () => {
    const { status, body } = await resolve({ account_number: "0123456789" });
    expect(status).toBe(400);
    expect(body.error?.details).toEqual([expect.stringContaining("bank_code")]);
  });
});

describe("resolve route and alias agree", () => {
  it("both answer the same name for the same account", async () => {
    const json = { account_number: "9876543210", bank_code: "044" };
    const a = await call<ResolvedAccount>(resolvePost, { method: "POST", path: RESOLVERS[0]![2], key: secretKey, json });
    const b = await call<ResolvedAccount>(aliasPost, { method: "POST", path: RESOLVERS[1]![2], key: secretKey, json });
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(b.body.data).toEqual(a.body.data);
  });
});
