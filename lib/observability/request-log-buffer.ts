import { getDb } from "@/db/client";
import { insertRequestLogs } from "@/db/statements/observability";
import type { NewApiRequestLog } from "@/db/schema";
import { logError } from "@/lib/log";

/**
 * The API request log's write path. A /v1 request never waits for its row: the row joins an
 * in-memory buffer, written in one multi-row INSERT every FLUSH_MS or as soon as BATCH rows
 * wait, after the responses went out. On a graceful stop (SIGTERM/SIGINT under `next start`,
 * or the event loop draining) the buffer is flushed; a crash (SIGKILL, OOM) loses the rows
 * of the last FLUSH_MS at most, which is acceptable for a log the dashboard shows and never
 * for money. A failed flush (database down) drops its batch, logged once per failure, and
 * the buffer never holds more than MAX_BUFFERED rows.
 */
const FLUSH_MS = Number(process.env.REQUEST_LOG_FLUSH_MS ?? 500);
const BATCH = 200;
const MAX_BUFFERED = 10_000;

type State = { rows: NewApiRequestLog[]; timer: NodeJS.Timeout | null; flushing: Promise<void>; hooked: boolean; stopping: boolean };

// One buffer per process, not per route bundle (each bundle gets its own copy of this module).
const g = globalThis as unknown as { __owoRequestLogs?: State };
const state = (g.__owoRequestLogs ??= { rows: [], timer: null, flushing: Promise.resolve(), hooked: false, stopping: false });

/** Queues one row; the request that made it has already been answered or is about to be. */
export function recordRequestLog(row: NewApiRequestLog): void {
  if (state.rows.length >= MAX_BUFFERED) return;
  state.rows.push(row);
  if (!state.hooked) hookShutdown();
  if (state.rows.length >= BATCH || state.stopping) void flushRequestLogs();
  else if (!state.timer) {
    state.timer = setTimeout(() => void flushRequestLogs(), FLUSH_MS);
    state.timer.unref();
  }
}

/** Writes everything buffered so far; resolves once it is in the database (or dropped on error). */
export function flushRequestLogs(): Promise<void> {
  if (state.timer) {
    clearTimeout(state.timer);
    state.timer = null;
  }
  state.flushing = state.flushing.then(drain);
  return state.flushing;
}

const asJson = (batch: NewApiRequestLog[]) =>
  JSON.stringify(
    batch.map((r) => ({
      merchant_id: r.merchantId,
      mode: r.mode,
      key_pair_id: r.keyPairId,
      key_type: r.keyType,
      method: r.method,
      path: r.path,
      status: r.status,
      correlation_id: r.correlationId,
      duration_ms: r.durationMs,
      ip: r.ip ?? null,
      user_agent: r.userAgent ?? null,
      created_at: r.createdAt,
    })),
  );

async function drain(): Promise<void> {
  while (state.rows.length > 0) {
    const batch = state.rows.splice(0, BATCH);
    try {
      await insertRequestLogs(await getDb(), asJson(batch));
    } catch (error) {
      logError("API request log rows dropped: the batch could not be written", { rows: batch.length, error });
    }
  }
}

/** Rows waiting to be written (tests). */
export function bufferedRequestLogs(): number {
  return state.rows.length;
}

function hookShutdown(): void {
  state.hooked = true;
  process.on("beforeExit", () => {
    if (state.rows.length > 0) void flushRequestLogs();
  });
  // Only alongside someone who already handles the signal (`next start` closes the server,
  // then exits): a listener of ours alone would stop the signal from ending the process.
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    if (process.listenerCount(signal) === 0) continue;
    process.once(signal, () => {
      state.stopping = true;
      void flushRequestLogs();
    });
  }
}
