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
  /**
   * The database's transactions (commits + rollbacks, pg_stat_database) during the run, less
   * the sampler's own: a request of one statement outside a transaction is one.
   */
  transactions: number;
};

export function startPgWaitSampler(databaseUrl: string): () => Promise<PgWaits> {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  let lockWaiting = 0;
  let inTransaction = 0;
  let samples = 0;
  let running = true;
  const xacts = async () => {
    const [row] = await sql<{ n: string }[]>`select (xact_commit + xact_rollback)::text as n from pg_stat_database where datname = current_database()`;
    return Number(row!.n);
  };
  const loop = (async () => {
    const first = await xacts();
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
    // Statistics reach pg_stat_database when a backend goes idle (at most ~1 s late).
    await new Promise((r) => setTimeout(r, 1100));
    // Less this sampler's own: one per sample, the first read's and this one's.
    return (await xacts()) - first - samples - 1;
  })().catch(() => Number.NaN);
  return async () => {
    running = false;
    const transactions = await loop;
    await sql.end({ timeout: 1 });
    return { lockWaiting: samples ? lockWaiting / samples : 0, inTransaction: samples ? inTransaction / samples : 0, samples, transactions };
  };
}
