import { sql } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb, queryRows, type Db } from "@/db/client";
import { migrateDb } from "@/db/migrate";
import { CLI_ACTOR } from "@/lib/audit/record-audit";
import { deliverDueEvents } from "@/lib/events/deliver-due-events";
import { JOBS } from "@/lib/scheduler/jobs";
import { isSealed, openSecret } from "@/lib/security/secret-box";
import { emitCommitted } from "@/tests/events";
import { makeKey } from "@/tests/factories";
import { startWebhookReceiver, type WebhookReceiver } from "@/tests/webhook-receiver";
import { expirePreviousWebhookSecrets } from "@/lib/events/expire-previous-webhook-secrets";
import { newWebhookSecret } from "./key-format";
import { rotateWebhookSecret } from "./rotate-webhook-secret";

/**
 * Issue 14 item 8: webhook signing secrets are stored sealed (AES-256-GCM under
 * OWO_ENCRYPTION_KEY), rows from before are sealed by the migration, and a rotated-out secret
 * is cleared once its 24-hour overlap ends.
 */
let db: Db;
let hook: WebhookReceiver;
beforeAll(async () => {
  db = await getDb();
  hook = await startWebhookReceiver();
});
afterAll(async () => {
  await hook.close();
});

type StoredSecrets = { webhook_secret: string; previous_webhook_secret: string | null; webhook_secret_rotated_at: Date | null };

async function stored(keyPairId: string): Promise<StoredSecrets> {
  const [row] = await queryRows<StoredSecrets>(
    db,
    sql`select webhook_secret, previous_webhook_secret, webhook_secret_rotated_at from api_key_pairs where id = ${keyPairId}`,
  );
  return row!;
}

/** Emits an event for the key, makes its automatic attempt now and returns what the receiver got. */
async function deliverOne(key: Awaited<ReturnType<typeof makeKey>>) {
  const before = hook.received.length;
  const id = await emitCommitted(key);
  await deliverDueEvents(db, { keyPairIds: [key.keyPair.id] });
  const got = (await hook.waitFor(before + 1)).find((h) => h.headers["webhook-id"] === id)!;
  return { body: got.body, headers: got.headers as Record<string, string> };
}

const verifies = (secret: string, got: { body: string; headers: Record<string, string> }) => {
  try {
    new Webhook(secret).verify(got.body, got.headers);
    return true;
  } catch {
    return false;
  }
};

describe("webhook secrets are stored sealed", () => {
  it("a new key and a rotation store only sealed values; the merchant's clear secrets still sign", async () => {
    const key = await makeKey({ config: { webhookUrl: hook.url } });
    const created = await stored(key.keyPair.id);
    expect(isSealed(created.webhook_secret)).toBe(true);
    expect(created.webhook_secret).not.toContain(key.webhookSecret.slice("whsec_".length));
    expect(openSecret(created.webhook_secret)).toBe(key.webhookSecret);

    const rotated = await rotateWebhookSecret(db, { merchantId: key.merchantId, mode: "test", keyPairId: key.keyPair.id, actor: CLI_ACTOR });
    const after = await stored(key.keyPair.id);
    expect(isSealed(after.webhook_secret) && isSealed(after.previous_webhook_secret!)).toBe(true);
    expect(JSON.stringify(after)).not.toContain(rotated.webhookSecret.slice("whsec_".length));
    expect(JSON.stringify(after)).not.toContain(key.webhookSecret.slice("whsec_".length));

    const got = await deliverOne(key);
    expect(got.headers["webhook-signature"]!.split(" ")).toHaveLength(2);
    expect(verifies(rotated.webhookSecret, got)).toBe(true);
    expect(verifies(key.webhookSecret, got)).toBe(true);
  });
});

describe("the migration seals secrets stored in clear", () => {
  it("a row from before (clear current and previous) is sealed by migrateDb, still signs with the original secrets, and a second run changes nothing", async () => {
    const key = await makeKey({ config: { webhookUrl: hook.url } });
    const current = newWebhookSecret();
    const previous = newWebhookSecret();
    // The row as the old code left it: both secrets in clear, rotated an hour ago.
    await db.execute(
      sql`update api_key_pairs set webhook_secret = ${current}, previous_webhook_secret = ${previous},
          webhook_secret_rotated_at = now() - interval '1 hour' where id = ${key.keyPair.id}`,
    );
    expect(await stored(key.keyPair.id)).toMatchObject({ webhook_secret: current, previous_webhook_secret: previous });

    // Two instances starting at once: each value is sealed once and opens to the original.
    await Promise.all([migrateDb(), migrateDb()]);
    const sealed = await stored(key.keyPair.id);
    expect(isSealed(sealed.webhook_secret) && isSealed(sealed.previous_webhook_secret!)).toBe(true);
    expect(openSecret(sealed.webhook_secret)).toBe(current);
    expect(openSecret(sealed.previous_webhook_secret!)).toBe(previous);

    const got = await deliverOne(key);
    expect(verifies(current, got)).toBe(true);
    expect(verifies(previous, got)).toBe(true);

    await migrateDb();
    expect(await stored(key.keyPair.id)).toEqual(sealed);
  });
});

describe("a rotated-out secret ends with its overlap", () => {
  async function rotatedHoursAgo(hours: number) {
    const key = await makeKey({ config: { webhookUrl: hook.url } });
    const rotated = await rotateWebhookSecret(db, { merchantId: key.merchantId, mode: "test", keyPairId: key.keyPair.id, actor: CLI_ACTOR });
    await db.execute(sql`update api_key_pairs set webhook_secret_rotated_at = now() - ${hours}::int * interval '1 hour' where id = ${key.keyPair.id}`);
    return { key, oldSecret: key.webhookSecret, newSecret: rotated.webhookSecret };
  }

  it("25 h after a rotation a delivery carries only the new signature, even before the job has run", async () => {
    const { key, oldSecret, newSecret } = await rotatedHoursAgo(25);
    expect((await stored(key.keyPair.id)).previous_webhook_secret).not.toBeNull();
    const got = await deliverOne(key);
    expect(got.headers["webhook-signature"]!.split(" ")).toHaveLength(1);
    expect(verifies(newSecret, got)).toBe(true);
    expect(verifies(oldSecret, got)).toBe(false);
  });

  it("the scheduler job clears the previous secret once the overlap has ended, keeps it within the overlap, and is idempotent", async () => {
    const ended = await rotatedHoursAgo(25);
    const within = await rotatedHoursAgo(23);
    const endedBefore = await stored(ended.key.keyPair.id);

    // The registered scheduler job (run alone: the whole pass would touch other files' rows).
    const job = JOBS.find((j) => j.name === "expire_previous_webhook_secrets")!;
    expect(await job.run(db)).toBeGreaterThanOrEqual(1);
    const cleared = await stored(ended.key.keyPair.id);
    expect(cleared.previous_webhook_secret).toBeNull();
    // The current secret and the time of the rotation are untouched.
    expect(cleared.webhook_secret).toBe(endedBefore.webhook_secret);
    expect(cleared.webhook_secret_rotated_at).toEqual(endedBefore.webhook_secret_rotated_at);

    const kept = await stored(within.key.keyPair.id);
    expect(openSecret(kept.previous_webhook_secret!)).toBe(within.oldSecret);
    const got = await deliverOne(within.key);
    expect(verifies(within.oldSecret, got) && verifies(within.newSecret, got)).toBe(true);

    // Run again (as another instance would): nothing left to clear for these keys.
    await expirePreviousWebhookSecrets(db);
    expect((await stored(ended.key.keyPair.id)).previous_webhook_secret).toBeNull();
    expect((await stored(within.key.keyPair.id)).previous_webhook_secret).toBe(kept.previous_webhook_secret);
  });
});
