import type { ApiKeyPair, Merchant } from "@/db/schema";

export type CachedKey = {
  keyPair: Omit<ApiKeyPair, "secretHash" | "webhookSecret" | "previousWebhookSecret">;
  merchant: Pick<Merchant, "id" | "name" | "type" | "staticAccounts" | "suspendedAt" | "activatedAt">;
};

/**
 * A short-lived cache of key lookups so a busy key costs no database round trip. A revoke or
 * roll clears the entry on the instance that made it at once; other instances see it when
 * the entry expires (TTL_MS). Kept on globalThis: server actions and route handlers live in
 * different bundles of one process.
 */
const TTL_MS = Number(process.env.OWO_KEY_CACHE_MS ?? 5_000);
const MAX_ENTRIES = 10_000;

type Entry = { value: CachedKey | null; expires: number };
const g = globalThis as unknown as { __owoKeyCache?: Map<string, Entry>; __owoKeyEpoch?: { n: number } };
const cache = (g.__owoKeyCache ??= new Map());
// Bumped by every forget: a lookup that started before a revoke must not cache what it read.
const epoch = (g.__owoKeyEpoch ??= { n: 0 });

export function cacheEpoch(): number {
  return epoch.n;
}

export function cachedKey(lookup: string): CachedKey | null | undefined {
  const entry = cache.get(lookup);
  if (!entry) return undefined;
  if (entry.expires < Date.now()) {
    cache.delete(lookup);
    return undefined;
  }
  return entry.value;
}

export function cacheKey(lookup: string, value: CachedKey | null, readAtEpoch: number): void {
  if (readAtEpoch !== epoch.n) return;
  if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value!);
  // Unknown keys are remembered briefly too, so a flood of bad keys cannot hammer the db.
  cache.set(lookup, { value, expires: Date.now() + (value ? TTL_MS : 1_000) });
}

/** Drops every cached lookup of one key pair (after a revoke, roll or config change). */
export function forgetKeyPair(keyPairId: string): void {
  epoch.n++;
  for (const [lookup, entry] of cache) if (entry.value?.keyPair.id === keyPairId) cache.delete(lookup);
}
