// The list endpoints at 1,000,000 rows of one merchant (`--rows`): GET /v1/checkout/transfer
// and GET /v1/events, each at its first page, a deep page (half-way down) and a filtered
// query (a transfer search, an event type). The merchant's rows are interleaved with a
// quarter as many of another merchant's (the fixture sender's), so scoping has work to do.
// Each target's floor is GET /api/bench/list: the same page query and count(*) as bare
// prepared statements in the same server.
import postgres from "postgres";
import { owo } from "../fixtures";
import { RARE_EVENT_TYPE, SEARCH_TERM, seedLists, type ListOwner } from "../seed-lists";
import type { Scenario, ScenarioContext, Target } from "./scenario";

/** Our endpoints should cost at most a bit over the bare query: the count and page dominate. */
const TARGET = 0.7;

let owner: (ListOwner & { secretKey: string }) | null = null;
let rows = 0;

async function ownerOf(sql: postgres.Sql, merchantId: string): Promise<ListOwner> {
  const [row] = await sql<{ key_pair_id: string; wallet_pay_id_id: string }[]>`
    select (select id from api_key_pairs where merchant_id = ${merchantId}::uuid and mode = 'test' order by created_at limit 1) as key_pair_id,
           (select id from pay_ids where merchant_id = ${merchantId}::uuid and mode = 'test' and kind = 'wallet' limit 1) as wallet_pay_id_id`;
  if (!row?.key_pair_id || !row.wallet_pay_id_id) throw new Error(`lists scenario: merchant ${merchantId} has no test key pair or wallet`);
  return { merchantId, keyPairId: row.key_pair_id, walletPayIdId: row.wallet_pay_id_id };
}

async function prepare(ctx: ScenarioContext): Promise<void> {
  const merchant = await owo<{ id: string }>(ctx.databaseUrl, ["merchant", "create", "--name", "Bench Lists", "--type", "business"]);
  const key = await owo<{ secret_key: string }>(ctx.databaseUrl, [
    "key", "create", "--merchant", merchant.id, "--mode", "test", "--name", "bench lists", "--rate-limit", "1000000",
  ]);
  const sql = postgres(ctx.databaseUrl, { max: 1, onnotice: () => {} });
  try {
    const ours = await ownerOf(sql, merchant.id);
    const other = await ownerOf(sql, ctx.fixtures.merchantId);
    rows = ctx.rows;
    const started = performance.now();
    ctx.log(`lists: seeding ${rows.toLocaleString("en")} transfers and events for one merchant (+ ${Math.ceil(rows / 4).toLocaleString("en")} of another)…`);
    await seedLists(sql, { tag: ctx.runTag, rows, ours, other });
    ctx.log(`lists: seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    owner = { ...ours, secretKey: key.secret_key };
  } finally {
    await sql.end({ timeout: 1 });
  }
}

function listTarget(label: string, path: string, floorQuery: string): Target {
  return {
    label,
    floor: { label: `floor: ${label}`, request: { method: "GET", path: `/api/bench/list?${floorQuery}` } },
    target: TARGET,
    // At 1,000,000 rows a request costs the database ~0.3–1 s of CPU (the count): 50 at once
    // only queue past autocannon's 10 s timeout.
    firstLevelOnly: true,
    request: { method: "GET", path, headers: { "x-api-key": owner!.secretKey } },
  };
}

export const lists: Scenario = {
  name: "lists",
  description:
    "GET /v1/checkout/transfer and GET /v1/events with 1,000,000 rows of one merchant (`--rows`) among a quarter as many of another's: " +
    `first page, a deep page (half-way), and a filter (transfers \`search=${SEARCH_TERM}\`: 5% of them; events \`event=${RARE_EVENT_TYPE}\`: 2%), ` +
    "20 per page with `total`; floor: GET /api/bench/list, the same page query and count(*) as bare prepared statements",
  prepare,
  targets: () => {
    const o = owner!;
    const deep = Math.max(1, Math.floor(rows / 20 / 2));
    const t = `list=transfers&merchant=${o.merchantId}&mode=test`;
    const e = `list=events&key_pair=${o.keyPairId}`;
    return [
      listTarget("transfers list, page 1", "/v1/checkout/transfer?page=1", `${t}&page=1`),
      listTarget(`transfers list, page ${deep.toLocaleString("en")}`, `/v1/checkout/transfer?page=${deep}`, `${t}&page=${deep}`),
      listTarget(`transfers search "${SEARCH_TERM}"`, `/v1/checkout/transfer?search=${SEARCH_TERM}`, `${t}&search=${SEARCH_TERM}`),
      listTarget("events list, page 1", "/v1/events?page=1", `${e}&page=1`),
      listTarget(`events list, page ${deep.toLocaleString("en")}`, `/v1/events?page=${deep}`, `${e}&page=${deep}`),
      listTarget(`events event=${RARE_EVENT_TYPE}`, `/v1/events?event=${RARE_EVENT_TYPE}`, `${e}&event=${RARE_EVENT_TYPE}`),
    ];
  },
};
