import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { queryRows } from "@/db/client";
import { migrationsFolder } from "@/db/migrate";
import { withScratchDatabase } from "@/tests/scratch-database";

/** The overview_rollups migration's backfill statements (found by content: the file is renumbered at merge). */
function backfillStatements(): string[] {
  const dir = migrationsFolder();
  const file = fs
    .readdirSync(dir)
    .find((f) => f.endsWith(".sql") && fs.readFileSync(path.join(dir, f), "utf8").includes("INSERT INTO daily_volume (merchant_id"));
  const text = fs.readFileSync(path.join(dir, file!), "utf8");
  return text.split("--> statement-breakpoint").filter((s) => /INSERT INTO daily_(volume|sessions) \(merchant_id/.test(s));
}

it("the migration's backfill builds the rollups from existing payments and sessions (rows written before the triggers)", async () => {
  await withScratchDatabase(async (db) => {
    const m1 = "0190c000-0000-7000-8000-000000000001";
    const m2 = "0190c000-0000-7000-8000-000000000002";
    await db.transaction(async (tx) => {
      // As if written before the migration: no triggers, no foreign keys.
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`insert into payments (id, reference, merchant_id, mode, channel, amount, destination_kind, settlement_pay_id_id, paid_at)
        select gen_random_uuid(), 'bf' || g, case when g % 3 = 0 then ${m2}::uuid else ${m1}::uuid end, case when g % 4 = 0 then 'live' else 'test' end,
               'payid', 100 * g, 'wallet', gen_random_uuid(), timestamptz '2026-03-10 20:00:00+00' + g * interval '17 minutes'
        from generate_series(1, 200) g`);
      await tx.execute(sql`insert into checkout_sessions (id, reference, merchant_id, mode, key_pair_id, settlement_pay_id_id, amount, customer_email, enabled_payment_methods, status, paid_at, expires_at, created_at)
        select gen_random_uuid(), 'CHK_bf' || g, ${m1}::uuid, 'test', gen_random_uuid(), gen_random_uuid(), 1000, 'a@example.com', '{card}',
               case when g % 3 = 0 then 'completed' else 'expired' end, case when g % 3 = 0 then timestamptz '2026-03-10 22:30:00+00' + g * interval '1 minute' end,
               now(), timestamptz '2026-03-10 22:00:00+00' + g * interval '1 minute'
        from generate_series(1, 90) g`);
    });
    expect(await queryRows(db, sql`select * from daily_volume`)).toEqual([]);
    await db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`); // the merchants above do not exist
      for (const statement of backfillStatements()) await tx.execute(sql.raw(statement));
    });

    const diff = (rollup: string, naive: string) => queryRows(db, sql.raw(`(${rollup} except ${naive}) union all (${naive} except ${rollup})`));
    expect(
      await diff(
        "select merchant_id, mode, day, amount_kobo, count from daily_volume",
        "select merchant_id, mode, (paid_at at time zone 'Africa/Lagos')::date, sum(amount)::bigint, count(*)::int from payments group by 1, 2, 3",
      ),
    ).toEqual([]);
    expect(
      await diff(
        "select merchant_id, mode, day, started, completed from daily_sessions",
        `select merchant_id, mode, day, sum(s)::int, sum(c)::int from (
           select merchant_id, mode, (created_at at time zone 'Africa/Lagos')::date as day, 1 as s, 0 as c from checkout_sessions
           union all select merchant_id, mode, (paid_at at time zone 'Africa/Lagos')::date, 0, 1 from checkout_sessions where status = 'completed') x group by 1, 2, 3`,
      ),
    ).toEqual([]);
    const [days] = await queryRows<{ n: string }>(db, sql`select count(distinct day)::text as n from daily_volume`);
    expect(Number(days!.n)).toBeGreaterThan(1);
  });
});
