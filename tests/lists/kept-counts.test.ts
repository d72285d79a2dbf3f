// Kept list counts (migration 0012's triggers, lib/list-counts.ts): the exact `total` api.md's
// paging contract promises, without a count(*) per request. Each test names the rule it checks.
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, queryRows } from "@/db/client";
import { makeKey } from "../factories";

const WRITER = path.join(import.meta.dirname, "list-writer.mjs");

type Owner = { merchantId: string; keyPairId: string; walletPayIdId: string };

/** Every (list, merchant, mode, filter values) whose kept count differs from count(*): none, when the rule holds. */
async function keptCountMismatches(): Promise<unknown[]> {
  const db = await getDb();
  // One statement, one snapshot: exact even while other tests write.
  return queryRows(
    db,
    sql`with kept as (
          select list, merchant_id, mode, a, b, c, sum(n)::bigint as n from list_counts group by 1, 2, 3, 4, 5, 6 having sum(n) <> 0),
        actual as (
          select 'transfers' as list, merchant_id, mode, status as a, type as b, '' as c, count(*) as n from transfers group by 2, 3, 4, 5
          union all select 'payments', merchant_id, mode, channel, destination_kind, '', count(*) from payments group by 2, 3, 4, 5
          union all select 'events', merchant_id, mode, key_pair_id::text, type, delivery_status, count(*) from events group by 2, 3, 4, 5, 6
          union all select 'checkout_sessions', merchant_id, mode, status, '', '', count(*) from checkout_sessions group by 2, 3, 4
          union all select 'invoices', merchant_id, mode, status, paused::text, '', count(*) from invoices group by 2, 3, 4, 5)
        select list, merchant_id, mode, a, b, c, kept.n as kept, actual.n as actual
          from kept full join actual using (list, merchant_id, mode, a, b, c)
         where kept.n is distinct from actual.n`,
  );
}

async function owner(): Promise<Owner> {
  const key = await makeKey();
  const [wallet] = await queryRows<{ id: string }>(
    await getDb(),
    sql`select id from pay_ids where merchant_id = ${key.merchantId} and mode = 'test' order by (kind = 'wallet') desc limit 1`,
  );
  return { merchantId: key.merchantId, keyPairId: key.keyPair.id, walletPayIdId: wallet!.id };
}

/** A writer process (list-writer.mjs) on this test run's database. */
function startWriter(o: Owner, tag: string, opts: { connections: number; ops: number }): { child: ChildProcess; ready: Promise<void>; done: Promise<number | null> } {
  const child = spawn(
    process.execPath,
    [WRITER, process.env.DATABASE_URL!, o.merchantId, o.keyPairId, o.walletPayIdId, tag, String(opts.connections), String(opts.ops)],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  let out = "";
  let err = "";
  child.stderr!.on("data", (d: Buffer) => (err += d.toString()));
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout!.on("data", (d: Buffer) => {
      out += d.toString();
      if (out.includes("ready")) resolve();
    });
    child.once("exit", () => reject(new Error(`writer ${tag} exited before its first commit: ${err}`)));
  });
  const done = new Promise<number | null>((resolve, reject) =>
    child.once("exit", (code, signal) => (code === 0 || signal === "SIGKILL" ? resolve(code) : reject(new Error(`writer ${tag} failed (${code}): ${err}`)))),
  );
  return { child, ready, done };
}

describe("kept list counts", () => {
  let o: Owner;
  beforeAll(async () => {
    o = await owner();
  });

  it("rule: kept counts equal count(*) after concurrent writers in two processes (inserts, status changes, deletes, rollbacks)", async () => {
    const tag = `kc${Date.now().toString(36)}`;
    const a = startWriter(o, `${tag}a`, { connections: 4, ops: 120 });
    const b = startWriter(o, `${tag}b`, { connections: 4, ops: 120 });
    await Promise.all([a.done, b.done]);
    const [{ n }] = (await queryRows<{ n: number }>(await getDb(), sql`select count(*)::int as n from transfers where merchant_id = ${o.merchantId}`)) as [{ n: number }];
    expect(n).toBeGreaterThan(100);
    expect(await keptCountMismatches()).toEqual([]);
  }, 120_000);

  it("rule: kept counts equal count(*) after a writer is SIGKILLed mid-transaction (its open transactions count for nothing)", async () => {
    const tag = `kk${Date.now().toString(36)}`;
    const survivor = startWriter(o, `${tag}s`, { connections: 3, ops: 150 });
    const victim = startWriter(o, `${tag}v`, { connections: 4, ops: 1_000_000 });
    await victim.ready;
    await new Promise((r) => setTimeout(r, 400));
    victim.child.kill("SIGKILL");
    await victim.done;
    await survivor.done;
    // The server notices the dropped connections and rolls their transactions back.
    const db = await getDb();
    for (let i = 0; i < 50; i++) {
      const [open] = await queryRows<{ n: number }>(
        db,
        sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and state like 'idle in transaction%'`,
      );
      if (open!.n === 0) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(await keptCountMismatches()).toEqual([]);
  }, 120_000);
});
