// What the bench database's backends were doing during a load run, sampled from
// pg_stat_activity every 100 ms on a connection of its own: how many, on average, were
// waiting on a lock (a hot row, a unique-key check), and how many were inside a transaction.
import postgres from "postgres";

export type PgWaits = {
  /** Backends waiting on a heavyweight lock (row, tuple, transaction id), on average. */
  lockWaiting: number;
  /** Backends inside a transaction (running or waiting for the app), on average. */
  inTransaction: number;
  samples: number;
};

export function startPgWaitSampler(databaseUrl: string): () => Promise<PgWaits> {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  let lockWaiting = 0;
  let inTransaction = 0;
  let samples = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      const [row] = await sql<{ lock: number; tx: number }[]>`
        select count(*) filter (where wait_event_type = 'Lock')::int as lock,
               count(*) filter (where state in ('active', 'idle in transaction'))::int as tx
        from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'`;
      lockWaiting += row!.lock;
      inTransaction += row!.tx;
      samples++;
      await new Promise((r) => setTimeout(r, 100));
    }
  })().catch(() => {});
  return async () => {
    running = false;
    await loop;
    await sql.end({ timeout: 1 });
    return { lockWaiting: samples ? lockWaiting / samples : 0, inTransaction: samples ? inTransaction / samples : 0, samples };
  };
}
