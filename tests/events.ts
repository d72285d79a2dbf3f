import { asc, eq, sql } from "drizzle-orm";
import { getDb, queryRows } from "@/db/client";
import { apiKeyPairs, events, webhookAttempts, type Mode, type OwoEvent, type WebhookAttempt } from "@/db/schema";
import { emitEvent } from "@/lib/events/emit-event";

type KeyLike = { merchantId: string; keyPair: { id: string; mode: Mode } };

/** Emits an event in its own committed transaction, without starting its delivery. */
export async function emitCommitted(key: KeyLike, opts: { type?: string; data?: Record<string, unknown> } = {}): Promise<string> {
  const db = await getDb();
  return db.transaction((tx) =>
    emitEvent(tx, {
      merchantId: key.merchantId,
      mode: key.keyPair.mode,
      keyPairId: key.keyPair.id,
      type: opts.type ?? "charge.success",
      data: opts.data ?? { reference: `ref-${Math.random().toString(36).slice(2)}`, amount: 10_000 },
    }),
  );
}

export async function eventRow(id: string): Promise<OwoEvent | undefined> {
  const [row] = await (await getDb()).select().from(events).where(eq(events.id, id));
  return row;
}

export async function attemptsOf(id: string): Promise<WebhookAttempt[]> {
  return (await getDb()).select().from(webhookAttempts).where(eq(webhookAttempts.eventId, id)).orderBy(asc(webhookAttempts.id));
}

/** Simulates the clock reaching an event's next attempt (or its lease running out). */
export async function makeDue(...ids: string[]): Promise<void> {
  const db = await getDb();
  for (const id of ids) await db.execute(sql`update events set next_attempt_at = now() - interval '1 second' where id = ${id}`);
}

/** Seconds from the database's now() to the event's next_attempt_at (null when none). */
export async function secondsUntilNextAttempt(id: string): Promise<number | null> {
  const [row] = await queryRows<{ s: number | string | null }>(
    await getDb(),
    sql`select extract(epoch from next_attempt_at - now())::float8 as s from events where id = ${id}`,
  );
  return row?.s == null ? null : Number(row.s);
}

/** Points a key pair at a URL directly in the database, bypassing the save-time check. */
export async function setWebhookUrl(keyPairId: string, url: string | null): Promise<void> {
  await (await getDb()).update(apiKeyPairs).set({ webhookUrl: url }).where(eq(apiKeyPairs.id, keyPairId));
}

/**
 * Waits until the event row satisfies `done`. Another test file's scheduler pass may be the
 * one making an attempt on our event, so tests wait for the outcome, not for a given caller.
 */
export async function waitForEvent(id: string, done: (e: OwoEvent) => boolean, timeoutMs = 5_000): Promise<OwoEvent> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const row = await eventRow(id);
    if (row && done(row)) return row;
    if (Date.now() > deadline) throw new Error(`event ${id} did not reach the expected state: ${JSON.stringify(row)}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
