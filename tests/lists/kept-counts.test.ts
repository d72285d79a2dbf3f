// Kept list counts (migration 0013's triggers, lib/lists/counts.ts): the exact `total` api.md's
// paging contract promises, without a count(*) per request. Each test names the rule it checks.
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, queryRows } from "@/db/client";
import { makeKey } from "../factories";
import { KEPT_COUNT_MISMATCHES } from "./kept-count-mismatches";

const WRITER = path.join(import.meta.dirname, "list-writer.mjs");

type Owner = { merchantId: string; keyPairId: string; walletPayIdId: string };

/** Every kept count that differs from count(*): none, when the rule holds. */
async function keptCountMismatches(): Promise<unknown[]> {
  return queryRows(await getDb(), sql.raw(KEPT_COUNT_MISMATCHES));
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
function startWriter(
  o: Owner,
  tag: string,
  opts: { connections: number; ops: number },
): { child: ChildProcess; ready: Promise<void>; done: Promise<number | null> } {
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
    const [{ n }] = (await queryRows<{ n: number }>(await getDb(), sql`select count(*)::int as n from transfers where merchant_id = ${o.merchantId}`)) as [
      { n: number },
    ];
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
