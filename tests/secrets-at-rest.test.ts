import { execFile } from "node:child_process";
import fs from "node:fs";
import { promisify } from "node:util";
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { getDb } from "@/db/client";
import { apiKeyPairs } from "@/db/schema";
import { CLI_ACTOR, type Actor } from "@/lib/audit/record-audit";
import { randomBase62, randomDigits } from "@/lib/ids";
import { rollSecretKey } from "@/lib/keys/roll-secret-key";
import { rotateWebhookSecret } from "@/lib/keys/rotate-webhook-secret";
import { createMerchant } from "@/lib/merchants/create-merchant";
import { setStaticAccounts } from "@/lib/merchants/set-static-accounts";
import { confirmTwoFactorEnrolment, startTwoFactorEnrolment } from "@/lib/auth/two-factor/enrolment";
import { totpCode } from "@/lib/auth/two-factor/totp";
import { createStaticAccount } from "@/lib/static-accounts/create-static-account";
import { inviteMember } from "@/lib/team/invite-member";
import { makeKey, makeMerchant } from "@/tests/factories";

const run = promisify(execFile);
const PG_DUMP = fs.existsSync("/usr/bin/pg_dump") ? "/usr/bin/pg_dump" : "pg_dump";

/** The whole database as SQL text (schema and every row). */
async function dumpDatabase(): Promise<string> {
  const { stdout } = await run(PG_DUMP, ["--no-owner", "--no-privileges", `--dbname=${process.env.DATABASE_URL}`], {
    maxBuffer: 512 * 1024 * 1024,
  });
  return stdout;
}

describe("secrets at rest", () => {
  // With the in-memory PGlite fallback there is no server to dump.
  it.skipIf(!process.env.DATABASE_URL)("secret keys never appear in the database in clear", async () => {
    const merchant = await makeMerchant();
    const testKey = await makeKey({ merchantId: merchant.merchant.id, mode: "test" });
    const liveKey = await makeKey({ merchantId: merchant.merchant.id, mode: "live" });
    const other = await makeKey({ config: { webhookUrl: "http://localhost:3000/hook", allowedDomains: ["shop.example.com"] } });
    const rolled = await rollSecretKey(await getDb(), {
      merchantId: merchant.merchant.id,
      mode: "test",
      keyPairId: testKey.keyPair.id,
      actor: CLI_ACTOR,
    });

    const dump = await dumpDatabase();

    // The dump is real and the search can find things: the public keys are in it.
    expect(dump).toContain("api_key_pairs");
    for (const k of [testKey, liveKey, other]) expect(dump).toContain(k.publicKey);

    for (const secret of [testKey.secretKey, liveKey.secretKey, other.secretKey, rolled.secretKey]) {
      expect(dump).not.toContain(secret);
      // Not even the random part on its own (e.g. stored without its prefix).
      expect(dump).not.toContain(secret.slice(-40));
    }
    // No full secret key of anyone, anywhere in the database.
    expect(dump.match(/sk_(test|live)_[0-9A-Za-z]{40}/g)).toBeNull();
  });

  /**
   * Issue 14 item 8: "A test dumps the database and finds no secret key, webhook secret,
   * password, TOTP secret or full identity number in it." Every kind of secret is written
   * through the code that stores it, then a real pg_dump of the whole database is searched.
   */
  it.skipIf(!process.env.DATABASE_URL)(
    "a pg_dump holds no secret key, webhook secret (current or previous), password, invitation token, TOTP secret or full identity number",
    { timeout: 60_000 },
    async () => {
      const db = await getDb();
      const secrets = new Map<string, string>(); // value → what it is
      const keep = (what: string, value: string) => void secrets.set(value, what);

      // A merchant and its owner, with a password of its own.
      const tag = randomBase62(8).toLowerCase();
      const password = `Dump-${randomBase62(20)}`;
      keep("owner password", password);
      const m = await createMerchant(db, {
        name: `Dump Merchant ${tag}`,
        type: "business",
        email: `dump-${tag}@example.com`,
        password,
        actor: CLI_ACTOR,
        activated: true,
      });
      const owner: Actor = { type: "user", userId: m.owner.id, ip: "203.0.113.30", userAgent: "SecretsAtRestTest/1" };
      const scope = { merchantId: m.merchant.id, mode: "test" as const };

      // Keys: one with a webhook URL whose secret is rotated (current and previous kept), one plain, one live.
      const hooked = await makeKey({ ...scope, config: { webhookUrl: "https://hooks.example.com/owo", rateLimit: 10_000 } });
      const plain = await makeKey(scope);
      const live = await makeKey({ merchantId: m.merchant.id, mode: "live" });
      const rotated = await rotateWebhookSecret(db, { ...scope, keyPairId: hooked.keyPair.id, actor: owner });
      for (const k of [hooked, plain, live]) {
        keep("secret key", k.secretKey);
        keep("webhook secret", k.webhookSecret);
      }
      keep("webhook secret (rotated in)", rotated.webhookSecret);
      const [row] = await db.select().from(apiKeyPairs).where(eq(apiKeyPairs.id, hooked.keyPair.id));
      expect(row!.previousWebhookSecret).not.toBeNull(); // the previous secret is really kept

      // Static accounts with a full BVN and NIN.
      await setStaticAccounts(db, { merchantId: m.merchant.id, staticAccounts: "enabled", actor: CLI_ACTOR });
      for (const [identity_type, identity_number] of [
        ["bvn", `22${randomDigits(5)}5678`],
        ["nin", `71${randomDigits(5)}5679`],
      ] as const) {
        keep(`full identity number (${identity_type})`, identity_number);
        await createStaticAccount(db, {
          ...scope,
          keyPairId: plain.keyPair.id,
          body: { customer_name: "Chidinma Okafor", identity_type, identity_number, reference: `dump-${randomBase62(10)}` },
        });
      }

      // An invitation: its one-time token is in the link.
      const invited = await inviteMember(db, { ...scope, actor: owner, email: `invitee-${tag}@example.com`, role: "viewer", baseUrl: "http://localhost:3000" });
      const token = invited.link.split("/").pop()!;
      expect(token.length).toBeGreaterThanOrEqual(20);
      keep("invitation token", token);

      // Two-factor turned on through the real enrolment: its TOTP secret and ten recovery codes.
      const enrolment = await startTwoFactorEnrolment(db, { userId: m.owner.id });
      keep("TOTP secret", enrolment.secret);
      const { recoveryCodes } = await confirmTwoFactorEnrolment(db, { userId: m.owner.id, password, code: totpCode(enrolment.secret), actor: owner });
      recoveryCodes.forEach((code, i) => keep(`recovery code ${i + 1}`, code));

      const dump = await dumpDatabase();

      // The search is not vacuous: the rows are in the dump, with their sealed and hashed forms.
      expect(dump).toContain(hooked.publicKey);
      expect(dump).toContain(invited.invitation.email);
      expect(dump).toContain(m.owner.email);
      expect(secrets.size).toBe(22); // password, 3 secret keys, 4 webhook secrets, 2 identity numbers, token, TOTP, 10 recovery codes

      const leaks: string[] = [];
      for (const [value, what] of secrets) {
        if (dump.includes(value)) leaks.push(what);
        // A webhook secret's key bytes without the whsec_ prefix count as the secret too.
        else if (value.startsWith("whsec_") && dump.includes(value.slice("whsec_".length))) leaks.push(`${what} (without prefix)`);
      }
      expect(leaks).toEqual([]);
      // They are there, sealed: 3 current and 1 previous webhook secret, and the TOTP secret.
      expect(dump.match(/enc:v1:/g)?.length).toBeGreaterThanOrEqual(5);
    },
  );
});

describe("secrets in logs", () => {
  it("secret keys never appear in what the server logs, even when a request with one fails", async () => {
    const { route } = await import("@/lib/http/route");
    const key = await makeKey();
    const lines: string[] = [];
    const capture = (...args: unknown[]) => void lines.push(args.map(String).join(" "));
    const spies = [
      vi.spyOn(console, "error").mockImplementation(capture),
      vi.spyOn(console, "log").mockImplementation(capture),
      vi.spyOn(console, "warn").mockImplementation(capture),
    ];
    const prevQuiet = process.env.OWO_QUIET;
    delete process.env.OWO_QUIET;
    try {
      const crashing = route({ keys: "secret" }, async () => {
        throw new Error("boom while handling");
      });
      const ctx = { params: Promise.resolve({}) };
      const res = await crashing(new Request("http://localhost/v1/x", { headers: { "x-api-key": key.secretKey } }), ctx);
      expect(res.status).toBe(500);
      await crashing(new Request("http://localhost/v1/x", { headers: { authorization: `Bearer ${key.secretKey.slice(0, -1)}X` } }), ctx);
    } finally {
      spies.forEach((s) => s.mockRestore());
      if (prevQuiet !== undefined) process.env.OWO_QUIET = prevQuiet;
    }
    // The 500 was logged (with its cause), so the capture works; the key is nowhere in it.
    expect(lines.join("\n")).toContain("boom while handling");
    expect(lines.join("\n")).not.toContain(key.secretKey);
    expect(lines.join("\n")).not.toContain(key.secretKey.slice(8));
  });
});
