import { and, asc, eq, gt, notLike, or, type SQL } from "drizzle-orm";
import { isSealed, sealSecret } from "@/lib/security/secret-box";
import type { Db } from "./client";
import { apiKeyPairs } from "./schema";

const BATCH = 500;

/**
 * The data step of the secrets-at-rest migration: seals every webhook signing secret
 * (api_key_pairs.webhook_secret, previous_webhook_secret) still stored in clear. The key is in
 * the environment (OWO_ENCRYPTION_KEY), not the database, so this runs as code right after the
 * SQL migrations (migrateDb). Idempotent: sealed values are left alone, and each update only
 * applies if the row still holds the clear value it read, so two instances running it at once
 * (or a rotation in between) never seal twice or undo a change. Returns the values it sealed.
 */
export async function sealStoredSecrets(db: Db): Promise<number> {
  let sealed = 0;
  let after: string | null = null;
  for (;;) {
    // Every sealed value starts with "enc:" (secret-box); isSealed below has the last word.
    const unsealed = or(notLike(apiKeyPairs.webhookSecret, "enc:%"), notLike(apiKeyPairs.previousWebhookSecret, "enc:%"));
    const rows: { id: string; webhookSecret: string; previousWebhookSecret: string | null }[] = await db
      .select({ id: apiKeyPairs.id, webhookSecret: apiKeyPairs.webhookSecret, previousWebhookSecret: apiKeyPairs.previousWebhookSecret })
      .from(apiKeyPairs)
      .where(after ? and(unsealed, gt(apiKeyPairs.id, after)) : unsealed)
      .orderBy(asc(apiKeyPairs.id))
      .limit(BATCH);
    for (const row of rows) {
      const set: { webhookSecret?: string; previousWebhookSecret?: string } = {};
      const unchanged: SQL[] = [eq(apiKeyPairs.id, row.id)];
      if (!isSealed(row.webhookSecret)) {
        set.webhookSecret = sealSecret(row.webhookSecret);
        unchanged.push(eq(apiKeyPairs.webhookSecret, row.webhookSecret));
      }
      if (row.previousWebhookSecret !== null && !isSealed(row.previousWebhookSecret)) {
        set.previousWebhookSecret = sealSecret(row.previousWebhookSecret);
        unchanged.push(eq(apiKeyPairs.previousWebhookSecret, row.previousWebhookSecret));
      }
      const count = Object.keys(set).length;
      if (count === 0) continue;
      const done = await db
        .update(apiKeyPairs)
        .set(set)
        .where(and(...unchanged))
        .returning({ id: apiKeyPairs.id });
      if (done.length) sealed += count;
    }
    if (rows.length < BATCH) return sealed;
    after = rows[rows.length - 1]!.id;
  }
}
