import type { Db, DbOrTx } from "@/db/client";
import { claimDueEvents as claimDueStatement, type ClaimDueInput, type ClaimedEvent } from "@/db/statements/events";
import { pauseArmed, pausePoint } from "@/lib/pause-points";
import { webhookTimeoutMs } from "./post-webhook";

export type { ClaimedEvent };

/**
 * A claim takes at most this many events of one key: they are attempted one after another
 * (after those the caller already holds for the key: `ahead`), so each one's lease outlasts
 * the attempts before it and its own, even when each one times out.
 */
export const MAX_PER_KEY_PER_CLAIM = 10;

/** Seconds one attempt may take at most, with room for the URL's DNS check and its record. */
const attemptSeconds = () => Math.ceil((webhookTimeoutMs() + 5_000) / 1000);

/**
 * Seconds a claimed event stays out of everyone else's reach while its attempt runs: the
 * lease of a key's first event in a claim; each later one of that claim gets one attempt
 * longer (it waits for those before it).
 */
export function leaseSeconds(): number {
  return attemptSeconds() + 15;
}

/**
 * Claims due events in one statement (db/statements/events.ts says how: SKIP LOCKED, a lease,
 * the order rule of supplement §4, `heldIds`, `ahead`, `excludeKeyPairIds`, `maxKeys`), each
 * event's lease worked out from the webhook timeout.
 */
export function claimDueEvents(tx: DbOrTx, input: ClaimDueInput): Promise<ClaimedEvent[]> {
  return claimDueStatement(tx, { ...input, leaseSeconds: leaseSeconds(), attemptSeconds: attemptSeconds(), maxPerKey: MAX_PER_KEY_PER_CLAIM });
}

/** Where a claimer stops (tests only, lib/pause-points.ts) with its claim made and its transaction still open. */
export const CLAIMED_PAUSE = "webhooks.claimed";

/**
 * The engine's claim: claimDueEvents as one statement, committed at once (one round trip).
 * Until it commits the claimed rows stay locked, which concurrent claimers skip (SKIP LOCKED)
 * instead of waiting on them; race tests hold it open at CLAIMED_PAUSE, in a transaction.
 */
export async function claimDueBatch(db: Db, input: Parameters<typeof claimDueEvents>[1]): Promise<ClaimedEvent[]> {
  if (!pauseArmed(CLAIMED_PAUSE)) return claimDueEvents(db, input);
  return db.transaction(async (tx) => {
    const claimed = await claimDueEvents(tx, input);
    await pausePoint(CLAIMED_PAUSE);
    return claimed;
  });
}
