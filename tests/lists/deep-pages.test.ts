// Deep OFFSET pages of the kept lists (lib/lists/paging.ts seekKeys): a page at offset ≥ 2,000 is
// found through the kept counts per bucket of the sort key (migration 0014) instead of
// walking every row before it. Each test names the rule it checks.
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, queryRows } from "@/db/client";
import { listOwner, type ListOwner } from "./list-owner";
import { listKeyPairEvents } from "@/lib/events/list-events";
import { listTransfers } from "@/lib/transfers/list-transfers";
import { KEPT_COUNT_MISMATCHES } from "./kept-count-mismatches";

type Owner = ListOwner;
const owner = listOwner;

const ROWS = 3_000;

describe("deep pages through the bucketed kept counts", () => {
  let o: Owner;
  beforeAll(async () => {
    o = await owner();
    const db = await getDb();
    // 3,000 transfers over ~36 weeks (one every 2 hours; every third shares its instant with
    // the one before, so ties are broken by id across a page), spread over statuses and types.
    await queryRows(
      db,
      sql`insert into transfers (id, reference, public_id, merchant_id, mode, key_pair_id, wallet_pay_id_id, type, status, amount, fee, narration,
            recipient_name, source, created_at, updated_at)
          select gen_random_uuid(), 'TRF_' || ${o.tag} || '_' || g, 'tr_' || ${o.tag} || '_' || g, ${o.merchantId}, 'test', ${o.keyPairId}, ${o.walletPayIdId},
            case when g % 3 = 0 then 'bank_transfer' else 'payid' end, (array['pending', 'completed', 'failed'])[1 + (g / 2) % 3],
            1000 + g, 10, 'deep', 'Ada Obi', 'api', timestamptz '2025-06-01' + (g - g % 3 / 2) * interval '2 hours', now()
          from generate_series(1, ${ROWS}::int) g`,
    );
    // 40,000 events over three seq buckets (16,384 each), above any seq the sequence hands out.
    await queryRows(
      db,
      sql`insert into events (id, seq, merchant_id, mode, key_pair_id, type, data, delivery_status)
          select 'evt_' || ${o.tag} || '_' || g, 9000000000000 + (extract(epoch from clock_timestamp())::bigint % 100000) * 100000 + g,
            ${o.merchantId}, 'test', ${o.keyPairId}, case when g % 4 = 0 then 'charge.success' else 'transfer.success' end, '{}'::jsonb, 'delivered'
          from generate_series(1, 40000) g`,
    );
  }, 120_000);

  it("rule: a deep page (offset ≥ 2,000) is exactly the page OFFSET gives, with or without a filter, across bucket edges", async () => {
    const db = await getDb();
    for (const f of [{}, { status: "completed" as const }, { type: "payid" as const }, { status: "failed" as const, type: "bank_transfer" as const }]) {
      const where = sql`merchant_id = ${o.merchantId} and mode = 'test'
        and (${"status" in f ? f.status : null}::text is null or status = ${"status" in f ? f.status : null})
        and (${"type" in f ? f.type : null}::text is null or type = ${"type" in f ? f.type : null})`;
      const all = (await queryRows<{ public_id: string }>(db, sql`select public_id from transfers where ${where} order by created_at desc, id desc`)).map(
        (r) => r.public_id,
      );
      for (const [page, size] of [
        [21, 100],
        [101, 20],
        [143, 20],
        [97, 21],
        [2_001, 1],
        [2_999, 1],
        [150, 20],
        [40, 100],
      ] as const) {
        const got = await listTransfers(db, { merchantId: o.merchantId, mode: "test", page, page_size: size, ...f });
        const label = JSON.stringify({ f, page, size });
        expect({ label, total: got.total, ids: got.items.map((t) => t.publicId) }).toEqual({
          label,
          total: all.length,
          ids: all.slice((page - 1) * size, page * size),
        });
      }
    }
  }, 120_000);

  it("rule: deep event pages (seq buckets) are exactly the OFFSET pages, by key pair and type", async () => {
    const db = await getDb();
    for (const type of [undefined, "charge.success"]) {
      const all = (
        await queryRows<{ id: string }>(
          db,
          sql`select id from events where key_pair_id = ${o.keyPairId} and (${type ?? null}::text is null or type = ${type ?? null}) order by seq desc`,
        )
      ).map((r) => r.id);
      for (const [page, size] of [
        [300, 100],
        [1_200, 20],
        [1_638, 20],
        [401, 25],
        [9_999, 1],
      ] as const) {
        const got = await listKeyPairEvents(db, { merchantId: o.merchantId, mode: "test", keyPairId: o.keyPairId, type, page, pageSize: size });
        const label = JSON.stringify({ type, page, size });
        expect({ label, total: got.total, ids: got.items.map((e) => e.id) }).toEqual({
          label,
          total: all.length,
          ids: all.slice((page - 1) * size, page * size),
        });
      }
    }
  }, 120_000);

  it("rule: after rows move between statuses and some are deleted, deep pages and bucketed counts stay exact", async () => {
    const db = await getDb();
    await queryRows(db, sql`update transfers set status = 'failed' where merchant_id = ${o.merchantId} and amount % 7 = 0`);
    await queryRows(db, sql`delete from transfers where merchant_id = ${o.merchantId} and amount % 11 = 0`);
    expect(await queryRows(db, sql.raw(KEPT_COUNT_MISMATCHES))).toEqual([]);
    const all = (
      await queryRows<{ public_id: string }>(
        db,
        sql`select public_id from transfers where merchant_id = ${o.merchantId} and status = 'failed' order by created_at desc, id desc`,
      )
    ).map((r) => r.public_id);
    const size = 10;
    for (const page of [1, Math.floor(all.length / size / 2), Math.ceil(all.length / size)]) {
      const got = await listTransfers(db, { merchantId: o.merchantId, mode: "test", page, page_size: size, status: "failed" });
      expect(got.items.map((t) => t.publicId)).toEqual(all.slice((page - 1) * size, page * size));
    }
    const whole = (
      await queryRows<{ public_id: string }>(db, sql`select public_id from transfers where merchant_id = ${o.merchantId} order by created_at desc, id desc`)
    ).map((r) => r.public_id);
    const deep = await listTransfers(db, { merchantId: o.merchantId, mode: "test", page: 24, page_size: 100 });
    expect(deep.total).toBe(whole.length);
    expect(deep.items.map((t) => t.publicId)).toEqual(whole.slice(2_300, 2_400));
  }, 120_000);
});
