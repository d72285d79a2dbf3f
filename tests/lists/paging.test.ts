// The one paging rule (lib/lists/paging.ts planPage) as the lists use it: cursors, deep pages,
// filters, search and their exact totals. Each test names the rule it checks.
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as eventsGet } from "@/app/v1/events/route";
import { getDb, queryRows } from "@/db/client";
import { listKeyPairEvents, listMerchantEvents } from "@/lib/events/list-events";
import { walkList, type Paged } from "@/lib/lists/paging";
import { listSessions } from "@/lib/sessions/list-sessions";
import { listTransfers as listTransfersDirect } from "@/lib/transfers/list-transfers";
import { call } from "../http";
import { newSession, sessionKey } from "../sessions";
import { fundedKey, listTransfers, type TestKey } from "../transfers";

const db = () => getDb();
const NAMES = ["Ada Obi", "Zainab Bello", "Chinedu Eze", "ZAINAB Musa", "Tunde 100%_off"];

type Owner = { key: TestKey; merchantId: string; keyPairId: string; walletPayIdId: string; tag: string };

async function owner(): Promise<Owner> {
  const key = await fundedKey(0);
  const [wallet] = await queryRows<{ id: string }>(
    await db(),
    sql`select id from pay_ids where merchant_id = ${key.merchantId} and mode = 'test' and kind = 'wallet' limit 1`,
  );
  return { key, merchantId: key.merchantId, keyPairId: key.keyPair.id, walletPayIdId: wallet!.id, tag: Math.random().toString(36).slice(2, 8) };
}

/**
 * `count` transfers of this owner; every third shares its created_at with the one before
 * (ties are ordered by id), spread over statuses, types, names, account numbers.
 */
async function seedTransfers(o: Owner, count: number, from = 0): Promise<void> {
  await queryRows(
    await db(),
    sql`insert into transfers (id, reference, public_id, merchant_id, mode, key_pair_id, wallet_pay_id_id, type, status, amount, fee, narration,
          recipient_name, recipient_account_number, merchant_reference, source, created_at, updated_at)
        select gen_random_uuid(), 'TRF_' || ${o.tag} || '_' || g, 'tr_' || ${o.tag} || '_' || g, ${o.merchantId}, 'test', ${o.keyPairId}, ${o.walletPayIdId},
          case when g % 3 = 0 then 'bank_transfer' else 'payid' end,
          (array['pending', 'completed', 'failed'])[1 + (g / 2) % 3],
          1000 + g, 10, 'paging', (array[${sql.join(
            NAMES.map((n) => sql`${n}`),
            sql`, `,
          )}]::text[])[1 + g % 5],
          case when g % 3 = 0 then lpad(g::text, 10, '0') end,
          'order-' || ${o.tag} || '-' || g, 'api',
          timestamptz '2026-01-01' + ((g - g % 3 / 2) * interval '1 millisecond'), now()
        from generate_series(${from + 1}::int, ${from + count}::int) g`,
  );
}

/** The transfers list as a plain query would answer it: separate ILIKEs, count(*), OFFSET. */
async function naiveTransfers(o: Owner, f: { status?: string; type?: string; search?: string }, page: number, size: number) {
  const q = f.search?.trim();
  const like = q ? `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const where = sql`merchant_id = ${o.merchantId} and mode = 'test'
    and (${f.status ?? null}::text is null or status = ${f.status ?? null})
    and (${f.type ?? null}::text is null or type = ${f.type ?? null})
    and (${q ?? null}::text is null or reference = ${q ?? null} or merchant_reference = ${q ?? null} or recipient_account_number = ${q ?? null}
         or recipient_name ilike ${like} or reference ilike ${like})`;
  const [total] = await queryRows<{ n: number }>(await db(), sql`select count(*)::int as n from transfers where ${where}`);
  const rows = await queryRows<{ public_id: string }>(
    await db(),
    sql`select public_id from transfers where ${where} order by created_at desc, id desc limit ${size} offset ${(page - 1) * size}`,
  );
  return { total: total!.n, ids: rows.map((r) => r.public_id) };
}

describe("list paging", () => {
  let o: Owner;
  beforeAll(async () => {
    o = await owner();
    await seedTransfers(o, 240);
  });

  it("rule: filters, search and their totals agree with a naive query (first and deep pages)", async () => {
    const searches = [undefined, "zain", "ZAINAB", "bello", "100%_", "%", "_", "0000000012", `order-${o.tag}-7`, `TRF_${o.tag}_21`, "nobody"];
    for (const status of [undefined, "pending", "completed", "failed"] as const)
      for (const type of [undefined, "payid", "bank_transfer"] as const)
        for (const search of searches)
          for (const [page, size] of [
            [1, 20],
            [3, 7],
          ] as const) {
            const got = await listTransfersDirect(await db(), { merchantId: o.merchantId, mode: "test", page, page_size: size, status, type, search });
            const want = await naiveTransfers(o, { status, type, search }, page, size);
            const label = JSON.stringify({ status, type, search, page, size });
            expect({ label, total: got.total, ids: got.items.map((t) => t.publicId) }).toEqual({ label, ...want });
            expect(got.total_pages).toBe(Math.ceil(want.total / size));
          }
  }, 120_000);

  it("rule: a shallow page (built once, run prepared: lib/lists/page-query.ts shallowPage) answers every field of its rows as a plain select does", async () => {
    const { transfers } = await import("@/db/schema");
    const { and, desc, eq } = await import("drizzle-orm");
    for (const status of [undefined, "failed"] as const) {
      const got = await listTransfersDirect(await db(), { merchantId: o.merchantId, mode: "test", page: 2, page_size: 5, status });
      const want = await (
        await db()
      )
        .select()
        .from(transfers)
        .where(and(eq(transfers.merchantId, o.merchantId), eq(transfers.mode, "test"), status ? eq(transfers.status, status) : undefined))
        .orderBy(desc(transfers.createdAt), desc(transfers.id))
        .limit(5)
        .offset(5);
      expect(got.items).toEqual(want);
      expect(got.items[0]!.createdAt).toBeInstanceOf(Date);
    }
  });

  it("rule: a cursor walk returns every row exactly once while newer rows are being inserted (both directions)", async () => {
    const before = await naiveTransfers(o, {}, 1, 10_000);
    let inserting = true;
    let next = 10_000;
    const inserter = (async () => {
      while (inserting) {
        await queryRows(
          await db(),
          sql`insert into transfers (id, reference, public_id, merchant_id, mode, key_pair_id, wallet_pay_id_id, type, status, amount, fee, recipient_name, source)
              values (gen_random_uuid(), ${`TRF_${o.tag}_${next}`}, ${`tr_${o.tag}_${next}`}, ${o.merchantId}, 'test', ${o.keyPairId}, ${o.walletPayIdId},
                'payid', 'completed', 1000, 10, 'Late Comer', 'api')`,
        );
        next++;
        await new Promise((r) => setTimeout(r, 2));
      }
    })();
    try {
      const read = async (req: { page: number; page_size: number; starting_after?: string; ending_before?: string }) =>
        listTransfersDirect(await db(), { merchantId: o.merchantId, mode: "test", ...req });
      const older: string[] = [];
      let reads = 0;
      for await (const batch of walkList(read, (t) => t.publicId, Infinity, 11)) {
        older.push(...batch.map((t) => t.publicId));
        reads++;
      }
      expect(reads).toBeGreaterThan(20);
      // Every row there before the walk, once, in order; rows inserted during it are newer
      // than its first page, so only those inserted before that page was read appear (at the top).
      const had = new Set(before.ids);
      expect(older.filter((id) => had.has(id))).toEqual(before.ids);
      expect(new Set(older).size).toBe(older.length);
      expect(older.slice(0, older.length - before.ids.length).every((id) => !had.has(id))).toBe(true);

      // Backwards from the oldest: every row once, including those inserted meanwhile.
      const oldest = before.ids[before.ids.length - 1]!;
      const newer: string[] = [];
      let cursor = oldest;
      for (;;) {
        const page: Paged<{ publicId: string }> = await read({ page: 1, page_size: 13, ending_before: cursor });
        expect(page.page).toBe(0);
        newer.unshift(...page.items.map((t) => t.publicId));
        if (!page.has_more) break;
        cursor = page.items[0]!.publicId;
      }
      expect(new Set(newer).size).toBe(newer.length);
      expect(newer.slice(newer.length - (before.ids.length - 1))).toEqual(before.ids.slice(0, -1));
      expect(next - 10_000).toBeGreaterThan(5);
    } finally {
      inserting = false;
      await inserter;
    }
  }, 120_000);

  it("rule: a cursor page answers the envelope (total exact, page 0, has_more) and starts right after its item", async () => {
    const first = await listTransfers(o.key, "page_size=5");
    expect(first.status).toBe(200);
    const all = await naiveTransfers(o, {}, 1, 10_000);
    const cursor = first.body.data!.items[4]!.public_id;
    const r = await listTransfers(o.key, `page_size=5&starting_after=${cursor}`);
    expect(r.status, r.text).toBe(200);
    const data = r.body.data! as unknown as Paged<{ public_id: string }>;
    expect(data.total).toBe(all.total);
    expect(data.page).toBe(0);
    expect(data.page_size).toBe(5);
    expect(data.total_pages).toBe(Math.ceil(all.total / 5));
    expect(data.has_more).toBe(true);
    expect(data.items.map((t) => t.public_id)).toEqual(all.ids.slice(5, 10));
    const back = await listTransfers(o.key, `page_size=3&ending_before=${data.items[0]!.public_id}`);
    expect((back.body.data!.items as { public_id: string }[]).map((t) => t.public_id)).toEqual(all.ids.slice(2, 5));
    // A filter applies after the cursor: the cursor item need not match it.
    const failed = await listTransfers(o.key, `status=failed&page_size=4&starting_after=${cursor}`);
    const naiveFailed = await naiveTransfers(o, { status: "failed" }, 1, 10_000);
    const cursorIndex = all.ids.indexOf(cursor);
    expect((failed.body.data!.items as { public_id: string }[]).map((t) => t.public_id)).toEqual(
      naiveFailed.ids.filter((id) => all.ids.indexOf(id) > cursorIndex).slice(0, 4),
    );
  });

  it("rule: a bad cursor is api.md's validation error (unknown id, another merchant's item, both cursors, empty)", async () => {
    const other = await owner();
    await seedTransfers(other, 2);
    const otherItem = `tr_${other.tag}_1`;
    const mine = `tr_${o.tag}_1`;
    const cases: [string, string][] = [
      ["starting_after=tr_nope", "starting_after must be the id of an item of this list"],
      ["ending_before=tr_nope", "ending_before must be the id of an item of this list"],
      [`starting_after=${otherItem}`, "starting_after must be the id of an item of this list"],
      [`starting_after=${mine}&ending_before=${mine}`, "starting_after and ending_before cannot be given together"],
      ["starting_after=", "starting_after must be an item id"],
    ];
    for (const [query, detail] of cases) {
      const r = await listTransfers(o.key, query);
      expect({ query, status: r.status, body: r.body }).toEqual({
        query,
        status: 400,
        body: expect.objectContaining({ success: false, error: { code: "HTTP_ERROR", message: "Validation error", details: [detail] } }),
      });
    }
    const ev = await call(eventsGet, { path: "/v1/events?starting_after=evt_nope", key: o.key.secretKey });
    expect(ev.status).toBe(400);
    expect(ev.body.error).toEqual({ code: "HTTP_ERROR", message: "Validation error", details: ["starting_after must be the id of an item of this list"] });
  });

  it("rule: event totals (key pair, type, delivery status) are the kept counts and agree with count(*)", async () => {
    await queryRows(
      await db(),
      sql`insert into events (id, merchant_id, mode, key_pair_id, type, data, delivery_status)
          select 'evt_' || ${o.tag} || '_' || g, ${o.merchantId}, 'test', ${o.keyPairId}, case when g % 4 = 0 then 'charge.success' else 'transfer.success' end,
            '{}'::jsonb, case when g % 5 = 0 then 'exhausted' else 'delivered' end
          from generate_series(1, 57) g`,
    );
    const count = async (extra: ReturnType<typeof sql>) =>
      (
        await queryRows<{ n: number }>(
          await db(),
          sql`select count(*)::int as n from events where merchant_id = ${o.merchantId} and mode = 'test' and ${extra}`,
        )
      )[0]!.n;
    const byKey = await listKeyPairEvents(await db(), {
      merchantId: o.merchantId,
      mode: "test",
      keyPairId: o.keyPairId,
      type: "charge.success",
      pageSize: 5,
      page: 2,
    });
    expect(byKey.total).toBe(await count(sql`key_pair_id = ${o.keyPairId} and type = 'charge.success'`));
    expect(byKey.items).toHaveLength(5);
    const exhausted = await listMerchantEvents(await db(), { merchantId: o.merchantId, mode: "test", status: "exhausted" });
    expect(exhausted.total).toBe(await count(sql`delivery_status = 'exhausted'`));
    const walked: string[] = [];
    let after: string | undefined;
    for (;;) {
      const p = await listMerchantEvents(await db(), { merchantId: o.merchantId, mode: "test", pageSize: 10, starting_after: after });
      walked.push(...p.items.map((e) => e.id));
      if (p.items.length < 10 || (after !== undefined && !p.has_more)) break;
      after = p.items[p.items.length - 1]!.id;
    }
    expect(walked).toHaveLength(await count(sql`true`));
  });

  it("rule: session totals follow the displayed status (an active session past expiry counts as expired)", async () => {
    const key = await sessionKey();
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) ids.push((await newSession(key.secretKey)).session_id);
    await queryRows(await db(), sql`update checkout_sessions set expires_at = now() - interval '1 minute' where id in (${ids[0]}, ${ids[1]})`);
    await queryRows(await db(), sql`update checkout_sessions set status = 'completed' where id = ${ids[2]}`);
    const list = (status?: "active" | "expired" | "completed", search?: string) =>
      db().then((d) => listSessions(d, { merchantId: key.merchantId, mode: "test", page: 1, page_size: 20, status, search }));
    const all = await list();
    expect(all.total).toBe(6);
    for (const status of ["active", "expired", "completed"] as const) {
      const page = await list(status);
      expect({ status, total: page.total }).toEqual({ status, total: all.items.filter((s) => s.displayStatus === status).length });
      expect(page.items.every((s) => s.displayStatus === status)).toBe(true);
    }
    expect((await list("expired")).total).toBe(2);
    const bySearch = await list(undefined, all.items[3]!.reference);
    expect(bySearch.total).toBe(1);
  });
});
