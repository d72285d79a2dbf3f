import { createHash } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as banksGet } from "@/app/v1/checkout/transfer/banks/route";
import { getDb, queryRows, type Db } from "@/db/client";
import { apiKeyPairs, PERMISSIONS } from "@/db/schema";
import { CLI_ACTOR } from "@/lib/audit/record-audit";
import { route } from "@/lib/http/route";
import { isSealed, openSecret } from "@/lib/security/secret-box";
import { makeKey, makeMerchant } from "@/tests/factories";
import { call } from "@/tests/http";
import { createKeyPair } from "./create-key-pair";
import { listKeyPairs, revealWebhookSecret } from "./get-key-pair";
import { revokeKeyPair } from "./revoke-key-pair";
import { rollSecretKey } from "./roll-secret-key";
import { rotateWebhookSecret } from "./rotate-webhook-secret";

const BANKS = "/v1/checkout/transfer/banks";
const anyKeyRoute = route({ keys: "any" }, async () => ({ ok: true }));
const banks = (key: string) => call(banksGet, { path: BANKS, key });

let db: Db;
beforeAll(async () => {
  db = await getDb();
});

async function rawRow(id: string): Promise<Record<string, unknown>> {
  const rows = await queryRows<Record<string, unknown>>(db, sql`select * from api_key_pairs where id = ${id}`);
  expect(rows).toHaveLength(1);
  return rows[0]!;
}

describe("createKeyPair", () => {
  it("returns a well-formed secret key, public key and webhook secret", async () => {
    const key = await makeKey();
    expect(key.secretKey).toMatch(/^sk_test_[0-9A-Za-z]{40}$/);
    expect(key.publicKey).toMatch(/^pk_test_[0-9A-Za-z]{40}$/);
    expect(key.webhookSecret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    expect(Buffer.from(key.webhookSecret.slice(6), "base64").length).toBeGreaterThanOrEqual(24);
    const live = await makeKey({ mode: "live" });
    expect(live.secretKey).toMatch(/^sk_live_[0-9A-Za-z]{40}$/);
    expect(live.publicKey).toMatch(/^pk_live_[0-9A-Za-z]{40}$/);
  });

  it("stores only a hash of the secret key: the clear secret is in no column of api_key_pairs", async () => {
    const key = await makeKey();
    const row = await rawRow(key.keyPair.id);
    const randomPart = key.secretKey.slice("sk_test_".length);
    for (const [column, value] of Object.entries(row)) {
      const text = value instanceof Date ? value.toISOString() : (JSON.stringify(value) ?? "");
      expect(text, column).not.toContain(key.secretKey);
      expect(text, column).not.toContain(randomPart);
    }
    expect(row.secret_hash).toBe(createHash("sha256").update(key.secretKey).digest("hex"));
    expect(row.public_key).toBe(key.publicKey);
  });

  it("the audit entry of a created key does not hold the secret", async () => {
    const key = await makeKey();
    const rows = await queryRows<Record<string, unknown>>(db, sql`select * from audit_log where target_id = ${key.keyPair.id}`);
    expect(rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(rows)).not.toContain(key.secretKey.slice(8));
  });

  it("the returned key view holds neither the secret hash nor the webhook secrets", async () => {
    const key = await makeKey();
    expect(key.keyPair).not.toHaveProperty("secretHash");
    expect(key.keyPair).not.toHaveProperty("webhookSecret");
    expect(key.keyPair).not.toHaveProperty("previousWebhookSecret");
    expect(JSON.stringify(key.keyPair)).not.toContain(key.secretKey.slice(8));
  });

  it("the secret is shown once: listKeyPairs never returns it (nor its hash)", async () => {
    const key = await makeKey();
    const list = await listKeyPairs(db, { merchantId: key.merchantId, mode: "test" });
    expect(list.map((k) => k.id)).toContain(key.keyPair.id);
    const text = JSON.stringify(list);
    expect(text).not.toContain(key.secretKey);
    expect(text).not.toContain(key.secretKey.slice(8));
    expect(text).not.toContain(createHash("sha256").update(key.secretKey).digest("hex"));
    expect(text).not.toContain(key.webhookSecret);
    for (const item of list) {
      expect(item).not.toHaveProperty("secretHash");
      expect(item).not.toHaveProperty("webhookSecret");
    }
    // What it does show: a display prefix and the last four characters.
    const mine = list.find((k) => k.id === key.keyPair.id)!;
    expect(key.secretKey.startsWith(mine.secretPrefix)).toBe(true);
    expect(key.secretKey.endsWith(mine.secretLast4)).toBe(true);
    expect(mine.secretPrefix.length).toBeLessThanOrEqual(12);
  });

  it("default permissions are all five", async () => {
    const key = await makeKey();
    expect([...key.keyPair.permissions].sort()).toEqual([...PERMISSIONS].sort());
    expect(PERMISSIONS).toHaveLength(5);
    expect([...PERMISSIONS].sort()).toEqual(["checkout", "invoices", "transfers", "virtual_account", "virtual_payid"]);
  });

  it("given permissions are honoured and unknown ones refused", async () => {
    const key = await makeKey({ config: { permissions: "checkout, transfers" } });
    expect(key.keyPair.permissions).toEqual(["checkout", "transfers"]);
    await expect(makeKey({ config: { permissions: ["checkout", "payouts"] } })).rejects.toMatchObject({
      status: 400,
      code: "HTTP_ERROR",
      message: "Validation error",
      details: [expect.stringContaining("permissions")],
    });
  });

  it("a key links the merchant's wallet PayID by default, and none when linkWallet is false", async () => {
    const linked = await makeKey();
    expect(linked.keyPair.walletPayIdId).toBeTruthy();
    expect(linked.keyPair.settlementPayIdId).toBe(linked.keyPair.walletPayIdId);
    const unlinked = await makeKey({ config: { linkWallet: false } });
    expect(unlinked.keyPair.walletPayIdId).toBeNull();
  });
});

describe("allowed domains", () => {
  it("are normalised: scheme, path and case are stripped", async () => {
    const key = await makeKey({ config: { allowedDomains: ["HTTPS://Shop.Example.com/path", " *.Example.org ", "localhost:3000"] } });
    expect(key.keyPair.allowedDomains).toEqual(["shop.example.com", "*.example.org", "localhost:3000"]);
    const row = await db.select().from(apiKeyPairs).where(eq(apiKeyPairs.id, key.keyPair.id));
    expect(row[0]!.allowedDomains).toEqual(["shop.example.com", "*.example.org", "localhost:3000"]);
  });

  it("a normalised domain is the one the origin check matches", async () => {
    const key = await makeKey({ config: { allowedDomains: ["HTTPS://Shop.Example.com/path"] } });
    const ok = await call(anyKeyRoute, { key: key.publicKey, headers: { origin: "https://shop.example.com" } });
    expect(ok.status).toBe(200);
  });

  it("invalid domains are rejected with a validation error naming the allowed domains field", async () => {
    for (const bad of ["not a domain", "exa mple.com", "-bad.example.com", "http://", "shop.example.com:99999", "*.*.example.com"]) {
      await expect(makeKey({ config: { allowedDomains: [bad] } }), bad).rejects.toMatchObject({
        status: 400,
        code: "HTTP_ERROR",
        message: "Validation error",
        details: [`allowed_domains has an invalid domain: ${bad}`],
      });
    }
  });

  it("one invalid domain among valid ones rejects the whole list (nothing is stored)", async () => {
    const m = await makeMerchant();
    await expect(makeKey({ merchantId: m.merchant.id, config: { allowedDomains: ["shop.example.com", "bad domain"] } })).rejects.toMatchObject({
      status: 400,
      message: "Validation error",
    });
    expect(await listKeyPairs(db, { merchantId: m.merchant.id, mode: "test" })).toEqual([]);
  });
});

describe("webhook URL", () => {
  const expectWebhookRejected = async (mode: "test" | "live", webhookUrl: string) =>
    expect(makeKey({ mode, config: { webhookUrl } }), webhookUrl).rejects.toMatchObject({
      status: 400,
      code: "HTTP_ERROR",
      message: "Validation error",
      details: [expect.stringContaining("webhook_url")],
    });

  it("a live webhook URL must be https", async () => {
    await expectWebhookRejected("live", "http://93.184.216.34/hook");
  });

  it("a live webhook URL must not be a private, loopback, link-local or metadata address", async () => {
    for (const url of [
      "https://127.0.0.1/hook",
      "https://10.0.0.1/x",
      "https://172.16.5.4/x",
      "https://192.168.1.10/x",
      "https://169.254.169.254/latest/meta-data",
      "https://100.64.0.1/x",
      "https://0.0.0.0/x",
      "https://localhost/hook",
      "https://[::1]/hook",
      "https://[fd00::1]/hook",
      "https://[fe80::1]/hook",
      "https://2130706433/hook", // 127.0.0.1 as one number
    ]) {
      await expectWebhookRejected("live", url);
    }
  });

  // Product bug: WHATWG URL parsing rewrites [::ffff:127.0.0.1] to [::ffff:7f00:1], which
  // isPrivateAddress (lib/keys/webhook-url.ts) only recognises in dotted form.
  it("a live webhook URL must not be an IPv4-mapped IPv6 private address", async () => {
    await expectWebhookRejected("live", "https://[::ffff:127.0.0.1]/hook");
    await expectWebhookRejected("live", "https://[::ffff:a00:1]/hook");
  });

  it("a live https URL on a public address is accepted", async () => {
    const key = await makeKey({ mode: "live", config: { webhookUrl: "https://93.184.216.34/hook" } });
    expect(key.keyPair.webhookUrl).toBe("https://93.184.216.34/hook");
  });

  it("test mode allows http://localhost and loopback", async () => {
    for (const webhookUrl of ["http://localhost:3000/hook", "http://127.0.0.1:4000/x"]) {
      const key = await makeKey({ mode: "test", config: { webhookUrl } });
      expect(key.keyPair.webhookUrl).toBe(webhookUrl);
    }
  });

  it("any mode refuses a URL that is not http(s), not a URL, or carries credentials", async () => {
    for (const url of ["ftp://example.com/x", "not a url", "https://user:pass@example.com/x"]) {
      await expectWebhookRejected("test", url);
    }
  });
});

describe("rollSecretKey", () => {
  it("returns a new secret; the old one stops working at once on this instance, the new one works", async () => {
    const key = await makeKey();
    expect((await banks(key.secretKey)).status).toBe(200); // now cached
    const rolled = await rollSecretKey(db, { merchantId: key.merchantId, mode: "test", keyPairId: key.keyPair.id, actor: CLI_ACTOR });
    expect(rolled.secretKey).toMatch(/^sk_test_[0-9A-Za-z]{40}$/);
    expect(rolled.secretKey).not.toBe(key.secretKey);
    const old = await banks(key.secretKey);
    expect(old.status).toBe(401);
    expect(old.body.error).toEqual({ code: "HTTP_ERROR", message: "Invalid API key" });
    expect((await banks(rolled.secretKey)).status).toBe(200);
  });

  it("keeps the public key and stores only the new secret's hash", async () => {
    const key = await makeKey();
    const rolled = await rollSecretKey(db, { merchantId: key.merchantId, mode: "test", keyPairId: key.keyPair.id, actor: CLI_ACTOR });
    expect(rolled.keyPair.publicKey).toBe(key.publicKey);
    expect(rolled.keyPair.rolledAt).toBeInstanceOf(Date);
    const row = await rawRow(key.keyPair.id);
    expect(row.secret_hash).toBe(createHash("sha256").update(rolled.secretKey).digest("hex"));
    expect(JSON.stringify(row)).not.toContain(rolled.secretKey.slice(8));
    expect((await call(anyKeyRoute, { key: key.publicKey })).status).toBe(200);
  });

  it("a revoked key cannot be rolled (400 INVALID_STATE)", async () => {
    const key = await makeKey();
    await revokeKeyPair(db, { merchantId: key.merchantId, mode: "test", keyPairId: key.keyPair.id, actor: CLI_ACTOR });
    await expect(rollSecretKey(db, { merchantId: key.merchantId, mode: "test", keyPairId: key.keyPair.id, actor: CLI_ACTOR })).rejects.toMatchObject({
      status: 400,
      code: "INVALID_STATE",
    });
  });
});

describe("revokeKeyPair", () => {
  it("revoking makes both halves answer 401 at once", async () => {
    const key = await makeKey();
    expect((await banks(key.secretKey)).status).toBe(200);
    expect((await call(anyKeyRoute, { key: key.publicKey })).status).toBe(200);
    const revoked = await revokeKeyPair(db, { merchantId: key.merchantId, mode: "test", keyPairId: key.keyPair.id, actor: CLI_ACTOR });
    expect(revoked.revokedAt).toBeInstanceOf(Date);
    for (const k of [key.secretKey, key.publicKey]) {
      const { status, body } = await call(anyKeyRoute, { key: k });
      expect(status).toBe(401);
      expect(body.error).toEqual({ code: "HTTP_ERROR", message: "Invalid API key" });
    }
  });

  it("revoking twice is harmless and keeps the first revocation time", async () => {
    const key = await makeKey();
    const input = { merchantId: key.merchantId, mode: "test" as const, keyPairId: key.keyPair.id, actor: CLI_ACTOR };
    const first = await revokeKeyPair(db, input);
    const second = await revokeKeyPair(db, input);
    expect(second.revokedAt?.getTime()).toBe(first.revokedAt?.getTime());
  });
});

describe("tenancy: a key is only reachable by its own merchant and mode", () => {
  it("merchant B cannot revoke, roll, rotate or reveal merchant A's key (404 NOT_FOUND) and A's key keeps working", async () => {
    const a = await makeKey();
    const b = await makeMerchant();
    const input = { merchantId: b.merchant.id, mode: "test" as const, keyPairId: a.keyPair.id, actor: CLI_ACTOR };
    const notFound = { status: 404, code: "NOT_FOUND" };
    await expect(revokeKeyPair(db, input)).rejects.toMatchObject(notFound);
    await expect(rollSecretKey(db, input)).rejects.toMatchObject(notFound);
    await expect(rotateWebhookSecret(db, input)).rejects.toMatchObject(notFound);
    await expect(revealWebhookSecret(db, input)).rejects.toMatchObject(notFound);
    expect((await banks(a.secretKey)).status).toBe(200);
    const row = await rawRow(a.keyPair.id);
    expect(row.revoked_at).toBeNull();
    expect(row.rolled_at).toBeNull();
    expect(openSecret(row.webhook_secret as string)).toBe(a.webhookSecret);
  });

  it("the same merchant in the other mode cannot reach the key either", async () => {
    const a = await makeKey();
    const input = { merchantId: a.merchantId, mode: "live" as const, keyPairId: a.keyPair.id, actor: CLI_ACTOR };
    await expect(revokeKeyPair(db, input)).rejects.toMatchObject({ status: 404, code: "NOT_FOUND" });
    expect((await banks(a.secretKey)).status).toBe(200);
  });

  it("a malformed key pair id is simply not found", async () => {
    const a = await makeKey();
    await expect(
      revokeKeyPair(db, { merchantId: a.merchantId, mode: "test", keyPairId: "'; drop table api_key_pairs; --", actor: CLI_ACTOR }),
    ).rejects.toMatchObject({ status: 404, code: "NOT_FOUND" });
  });

  it("listKeyPairs shows only the merchant's keys of that mode", async () => {
    const m = await makeMerchant();
    const testKey = await makeKey({ merchantId: m.merchant.id, mode: "test" });
    const liveKey = await makeKey({ merchantId: m.merchant.id, mode: "live" });
    const other = await makeKey();
    const ids = (await listKeyPairs(db, { merchantId: m.merchant.id, mode: "test" })).map((k) => k.id);
    expect(ids).toEqual([testKey.keyPair.id]);
    expect(ids).not.toContain(liveKey.keyPair.id);
    expect(ids).not.toContain(other.keyPair.id);
  });
});

describe("rotateWebhookSecret", () => {
  it("issues a new secret and keeps the previous one in previousWebhookSecret", async () => {
    const key = await makeKey();
    const input = { merchantId: key.merchantId, mode: "test" as const, keyPairId: key.keyPair.id, actor: CLI_ACTOR };
    const { webhookSecret } = await rotateWebhookSecret(db, input);
    expect(webhookSecret).toMatch(/^whsec_/);
    expect(webhookSecret).not.toBe(key.webhookSecret);
    const [row] = await db.select().from(apiKeyPairs).where(eq(apiKeyPairs.id, key.keyPair.id));
    // Both stored sealed (issue 14 item 8), opening to the new and the previous secret.
    expect(isSealed(row!.webhookSecret) && isSealed(row!.previousWebhookSecret!)).toBe(true);
    expect(openSecret(row!.webhookSecret)).toBe(webhookSecret);
    expect(openSecret(row!.previousWebhookSecret!)).toBe(key.webhookSecret);
    expect(row!.webhookSecretRotatedAt).toBeInstanceOf(Date);
    expect(await revealWebhookSecret(db, input)).toBe(webhookSecret);

    const again = await rotateWebhookSecret(db, input);
    const [row2] = await db.select().from(apiKeyPairs).where(eq(apiKeyPairs.id, key.keyPair.id));
    expect(openSecret(row2!.webhookSecret)).toBe(again.webhookSecret);
    expect(openSecret(row2!.previousWebhookSecret!)).toBe(webhookSecret);
  });

  it("does not change the API keys themselves", async () => {
    const key = await makeKey();
    await rotateWebhookSecret(db, { merchantId: key.merchantId, mode: "test", keyPairId: key.keyPair.id, actor: CLI_ACTOR });
    expect((await banks(key.secretKey)).status).toBe(200);
  });
});

describe("createKeyPair input", () => {
  it("a settlement PayID of another merchant is refused", async () => {
    const other = await makeMerchant();
    const mine = await makeMerchant();
    await expect(
      createKeyPair(db, {
        merchantId: mine.merchant.id,
        mode: "test",
        config: { settlementPayId: other.payIds.test },
        actor: CLI_ACTOR,
      }),
    ).rejects.toMatchObject({ status: 400, message: "Validation error" });
  });
});
