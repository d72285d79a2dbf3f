import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { GET as cron } from "@/app/api/cron/route";
import { getDb, queryRows } from "@/db/client";
import { randomBase62 } from "@/lib/ids";
import { runJobs } from "./run-jobs";

describe("scheduler (supplement §9)", () => {
  it("prune_rate_limit_counters deletes windows older than 5 minutes and keeps the current one", async () => {
    const db = await getDb();
    const tag = randomBase62(8);
    await db.execute(sql`insert into rate_limit_counters (bucket, window_start, count) values
      (${`old:${tag}`}, now() - interval '10 minutes', 5), (${`new:${tag}`}, date_trunc('minute', now()), 5)`);
    const first = await runJobs(db);
    expect(first.jobs.prune_rate_limit_counters).toBeGreaterThanOrEqual(1);
    const left = await queryRows<{ bucket: string }>(db, sql`select bucket from rate_limit_counters where bucket like ${`%:${tag}`}`);
    expect(left.map((r) => r.bucket)).toEqual([`new:${tag}`]);
    // Idempotent: a second pass finds nothing of ours to do.
    await runJobs(db);
    const again = await queryRows<{ bucket: string }>(db, sql`select bucket from rate_limit_counters where bucket like ${`%:${tag}`}`);
    expect(again).toHaveLength(1);
  });

  it("the cron route refuses a missing or wrong CRON_SECRET and runs the jobs with the right one", async () => {
    process.env.CRON_SECRET = "cron-secret-for-tests";
    expect((await cron(new Request("http://x/api/cron"))).status).toBe(401);
    expect((await cron(new Request("http://x/api/cron", { headers: { authorization: "Bearer nope" } }))).status).toBe(401);
    const ok = await cron(new Request("http://x/api/cron", { headers: { authorization: "Bearer cron-secret-for-tests" } }));
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ jobs: { prune_rate_limit_counters: expect.any(Number) } });
  });
});
