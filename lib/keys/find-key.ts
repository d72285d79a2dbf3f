import { eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { apiKeyPairs, merchants } from "@/db/schema";
import { cacheEpoch, cacheKey, cachedKey, type CachedKey } from "./key-cache";
import { hashSecretKey, parseKey, type KeyType } from "./key-format";

export type AuthenticatedKey = CachedKey & { keyType: KeyType };

/**
 * The active key pair a presented key belongs to, or null (unknown, malformed or revoked).
 * Secret keys are found by their hash; the clear key is never stored or logged.
 */
export async function findActiveKey(rawKey: string): Promise<AuthenticatedKey | null> {
  const parsed = parseKey(rawKey);
  if (!parsed) return null;
  const lookup = parsed.type === "secret" ? `s:${hashSecretKey(rawKey)}` : `p:${rawKey}`;
  let found = cachedKey(lookup);
  if (found === undefined) {
    const readAtEpoch = cacheEpoch();
    const db = await getDb();
    const where = parsed.type === "secret" ? eq(apiKeyPairs.secretHash, lookup.slice(2)) : eq(apiKeyPairs.publicKey, rawKey);
    const rows = await db
      .select({
        keyPair: apiKeyPairs,
        merchant: {
          id: merchants.id,
          name: merchants.name,
          type: merchants.type,
          staticAccounts: merchants.staticAccounts,
          suspendedAt: merchants.suspendedAt,
          activatedAt: merchants.activatedAt,
        },
      })
      .from(apiKeyPairs)
      .innerJoin(merchants, eq(merchants.id, apiKeyPairs.merchantId))
      .where(where)
      .limit(1);
    const row = rows[0];
    if (row && !row.keyPair.revokedAt && row.keyPair.mode === parsed.mode) {
      const { secretHash: _h, webhookSecret: _w, previousWebhookSecret: _p, ...keyPair } = row.keyPair;
      found = { keyPair, merchant: row.merchant };
    } else {
      found = null;
    }
    cacheKey(lookup, found, readAtEpoch);
  }
  return found ? { ...found, keyType: parsed.type } : null;
}
