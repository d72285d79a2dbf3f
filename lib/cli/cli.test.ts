import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as banksGet } from "@/app/v1/checkout/transfer/banks/route";
import { getDb } from "@/db/client";
import { apiKeyPairs, auditLog, merchants, PERMISSIONS, users } from "@/db/schema";
import { hashSecretKey } from "@/lib/keys/key-format";
import { randomBase62 } from "@/lib/ids";
import { makeMerchant } from "@/tests/factories";
import { runOwo, type OwoResult, CLI_TEST_TIMEOUT_MS } from "@/tests/owo-cli";
import { call } from "@/tests/http";

const BANKS = "/v1/checkout/transfer/banks";

let dataDir: string;

// OWO_SEED_DEMO=1: `owo seed` on PostgreSQL is refused without it (lib/seed/seed-demo.test.ts).
const owo = (...args: string[]): Promise<OwoResult> => runOwo(dataDir, args, { OWO_SEED_DEMO: "1" });

const banksStatus = async (key: string) => (await call(banksGet, { path: BANKS, key })).status;

// The CLI is another process: it can only share a PostgreSQL server, not in-memory PGlite.
describe.skipIf(!process.env.DATABASE_URL)("owo CLI (--json)", { timeout: CLI_TEST_TIMEOUT_MS }, () => {
  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "owo-cli-test-"));
  });
  afterAll(() => {
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("merchant create prints {id, name, type, email, password, pay_ids: {test, live}} and creates the merchant", async () => {
    const name = `CLI Merchant ${randomBase62(6)}`;
    const { code, json } = await owo("merchant", "create", "--name", name, "--type", "personal");
    expect(code).toBe(0);
    expect(Object.keys(json).sort()).toEqual(["email", "id", "name", "password", "pay_ids", "type"]);
    expect(json.name).toBe(name);
    expect(json.type).toBe("personal");
    expect(json.email).toMatch(/^[^@\s]+@[^@\s]+$/);
    // Generated when not given.
    expect(typeof json.password).toBe("string");
    expect((json.password as string).length).toBeGreaterThanOrEqual(8);
    const payIds = json.pay_ids as Record<string, unknown>;
    expect(Object.keys(payIds).sort()).toEqual(["live", "test"]);
    expect(payIds.test).toMatch(/^[a-z0-9._-]+$/i);

    const [row] = await (
      await getDb()
    )
      .select()
      .from(merchants)
      .where(eq(merchants.id, json.id as string));
    expect(row?.name).toBe(name);
    expect(row?.type).toBe("personal");
  });

  it("key create prints {id, mode, secret_key, public_key, webhook_secret, permissions, rate_limit, initialize_limit}; default permissions are all five; the secret works", async () => {
    const m = await makeMerchant();
    const { code, json } = await owo("key", "create", "--merchant", m.merchant.id, "--mode", "test");
    expect(code).toBe(0);
    expect(Object.keys(json).sort()).toEqual(["id", "initialize_limit", "mode", "permissions", "public_key", "rate_limit", "secret_key", "webhook_secret"]);
    expect(json).toMatchObject({ rate_limit: 100, initialize_limit: 30 });
    expect(json.mode).toBe("test");
    expect(json.secret_key).toMatch(/^sk_test_[0-9A-Za-z]{40}$/);
    expect(json.public_key).toMatch(/^pk_test_[0-9A-Za-z]{40}$/);
    expect(json.webhook_secret).toMatch(/^whsec_/);
    expect([...(json.permissions as string[])].sort()).toEqual([...PERMISSIONS].sort());

    const [row] = await (
      await getDb()
    )
      .select()
      .from(apiKeyPairs)
      .where(eq(apiKeyPairs.id, json.id as string));
    expect(row?.merchantId).toBe(m.merchant.id);
    expect(row?.secretHash).toBe(hashSecretKey(json.secret_key as string));
    expect(row?.walletPayIdId).not.toBeNull();

    expect(await banksStatus(json.secret_key as string)).toBe(200);
  });

  it("key create honours --permissions, --no-wallet and --rate-limit", async () => {
    const m = await makeMerchant();
    const { code, json } = await owo(
      "key",
      "create",
      "--merchant",
      m.merchant.id,
      "--mode",
      "live",
      "--permissions",
      "checkout",
      "--no-wallet",
      "--rate-limit",
      "7",
      "--initialize-limit",
      "3",
    );
    expect(code).toBe(0);
    expect(json.mode).toBe("live");
    expect(json.secret_key).toMatch(/^sk_live_/);
    expect(json.permissions).toEqual(["checkout"]);
    const [row] = await (
      await getDb()
    )
      .select()
      .from(apiKeyPairs)
      .where(eq(apiKeyPairs.id, json.id as string));
    expect(row?.permissions).toEqual(["checkout"]);
    expect(row?.walletPayIdId).toBeNull();
    expect(row?.rateLimit).toBe(7);
    expect(row?.initializeLimit).toBe(3);
    const res = await call(banksGet, { path: BANKS, key: json.secret_key as string });
    expect(res.status).toBe(200);
    expect(res.headers.get("x-ratelimit-limit")).toBe("7");
  });

  it("key set-limits (an operator setting) changes a key's limits, prints them, and audits before → after", async () => {
    const m = await makeMerchant();
    const created = await owo("key", "create", "--merchant", m.merchant.id, "--mode", "test");
    const id = created.json.id as string;
    const { code, json } = await owo("key", "set-limits", "--key", id, "--rate-limit", "9", "--initialize-limit", "4");
    expect(code).toBe(0);
    expect(json).toEqual({ id, mode: "test", rate_limit: 9, initialize_limit: 4 });
    const [row] = await (await getDb()).select().from(apiKeyPairs).where(eq(apiKeyPairs.id, id));
    expect(row).toMatchObject({ rateLimit: 9, initializeLimit: 4 });
    const audits = await (
      await getDb()
    )
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, id), eq(auditLog.action, "api_key.limits_changed")));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      actorType: "cli",
      merchantId: m.merchant.id,
      changes: { rate_limit: { from: 100, to: 9 }, initialize_limit: { from: 30, to: 4 } },
    });
    const res = await call(banksGet, { path: BANKS, key: created.json.secret_key as string });
    expect(res.headers.get("x-ratelimit-limit")).toBe("9");

    // One limit alone; nothing given, a bad value or an unknown key are refused.
    expect((await owo("key", "set-limits", "--key", id, "--initialize-limit", "5")).json).toMatchObject({ rate_limit: 9, initialize_limit: 5 });
    expect((await owo("key", "set-limits", "--key", id)).code).not.toBe(0);
    expect((await owo("key", "set-limits", "--key", id, "--rate-limit", "0")).code).not.toBe(0);
    expect((await owo("key", "set-limits", "--key", "00000000-0000-7000-8000-000000000000", "--rate-limit", "5")).code).not.toBe(0);
  });

  it("merchant set prints {id, static_accounts} and changes the merchant", async () => {
    const m = await makeMerchant();
    const { code, json } = await owo("merchant", "set", "--merchant", m.merchant.id, "--static-accounts", "enabled");
    expect(code).toBe(0);
    expect(json).toEqual({ id: m.merchant.id, static_accounts: "enabled" });
    const [row] = await (await getDb()).select().from(merchants).where(eq(merchants.id, m.merchant.id));
    expect(row?.staticAccounts).toBe("enabled");
  });

  it("admin create prints {id, email} and makes an admin", async () => {
    const email = `admin-${randomBase62(8).toLowerCase()}@example.com`;
    const { code, json } = await owo("admin", "create", "--email", email, "--password", "a long admin password");
    expect(code).toBe(0);
    expect(Object.keys(json).sort()).toEqual(["email", "id"]);
    expect(json.email).toBe(email);
    const [row] = await (
      await getDb()
    )
      .select()
      .from(users)
      .where(eq(users.id, json.id as string));
    expect(row?.email).toBe(email);
    expect(row?.isAdmin).toBe(true);
  });

  it("admin create for an email that already has an account exits non-zero with a CONFLICT error and promotes nobody", async () => {
    const m = await makeMerchant();
    const [owner] = await (await getDb()).select().from(users).where(eq(users.email, m.owner.email));
    const { code, json } = await owo("admin", "create", "--email", m.owner.email, "--password", "a long admin password");
    expect(code).not.toBe(0);
    expect((json.error as Record<string, unknown>).code).toBe("CONFLICT");
    const [after] = await (await getDb()).select().from(users).where(eq(users.id, owner!.id));
    expect(after?.isAdmin).toBe(false);
    expect(after?.passwordHash).toBe(owner!.passwordHash);
  });

  it("a bad flag value exits non-zero with exactly one JSON object {error: {code, message}} on stdout, and creates nothing", async () => {
    const m = await makeMerchant();
    const { code, json } = await owo("key", "create", "--merchant", m.merchant.id, "--mode", "staging");
    expect(code).not.toBe(0);
    expect(Object.keys(json)).toEqual(["error"]);
    const error = json.error as Record<string, unknown>;
    expect(typeof error.code).toBe("string");
    expect(typeof error.message).toBe("string");
    expect(JSON.stringify(error)).toContain("mode");
    const rows = await (await getDb()).select().from(apiKeyPairs).where(eq(apiKeyPairs.merchantId, m.merchant.id));
    expect(rows).toEqual([]);
  });

  it("an unknown flag is a usage error: non-zero exit and one JSON error object", async () => {
    const { code, json } = await owo("merchant", "create", "--name", "Nobody", "--type", "business", "--colour", "blue");
    expect(code).not.toBe(0);
    const error = json.error as Record<string, unknown>;
    expect(typeof error.code).toBe("string");
    expect(String(error.message)).toContain("colour");
  });

  it("seed is idempotent: twice gives the same business id and test keys, and the seeded key works", async () => {
    const first = await owo("seed");
    expect(first.code).toBe(0);
    const second = await owo("seed");
    expect(second.code).toBe(0);
    const b1 = first.json.business as Record<string, unknown>;
    const b2 = second.json.business as Record<string, unknown>;
    expect(b1.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(b2.id).toBe(b1.id);
    expect((second.json.personal as Record<string, unknown>).id).toBe((first.json.personal as Record<string, unknown>).id);
    const keys1 = first.json.test_keys as Record<string, string>;
    const keys2 = second.json.test_keys as Record<string, string>;
    expect(keys2.secret_key).toBe(keys1.secret_key);
    expect(await banksStatus(keys2.secret_key!)).toBe(200);
    const [pair] = await (
      await getDb()
    )
      .select()
      .from(apiKeyPairs)
      .where(eq(apiKeyPairs.secretHash, hashSecretKey(keys2.secret_key!)));
    expect(pair?.merchantId).toBe(b1.id);
  });
});
