// The lists at 1,000,000 rows of one merchant each (`--rows`): transfers (GET
// /v1/checkout/transfer), events (GET /v1/events), invoices (GET /v1/checkout/invoice), and
// the dashboard's checkout sessions and payments (no /v1 list: GET /api/bench/dashboard-list
// calls the dashboard's own query functions). Each at its first page, page 25,000 of 50,000
// (half-way down) and a search matching 5% of its rows (events: a 2% type filter), 20 per
// page with an exact `total`, at 10 connections. The merchant's rows are interleaved with a
// quarter as many of another merchant's, so scoping has work to do. Goals are absolute
// (issue 17): first page p50 ≤ 20 ms and p99 ≤ 60 ms, deep page p50 ≤ 100 ms, search p50 ≤
// 100 ms, every answer 2xx. Transfers and events also show their old floor, GET
// /api/bench/list: the old page query (OFFSET) and count(*) as bare prepared statements.
import postgres from "postgres";
import { benchHeaders } from "../bench-secret";
import { owo } from "../fixtures";
import { runLoad, type LoadRequest, type LoadResult } from "../load";
import { RARE_EVENT_TYPE, SEARCH_TERM, seedLists, type ListOwner } from "../seed-lists";
import type { Row } from "../table";
import type { MeasureOptions, Scenario, ScenarioContext } from "./scenario";

/** The issue's goals at 10 connections. */
const GOALS = {
  first: { p50: 20, p99: 60 },
  deep: { p50: 100 },
  search: { p50: 100 },
} as const;
type Kind = keyof typeof GOALS;

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
    "key",
    "create",
    "--merchant",
    merchant.id,
    "--mode",
    "test",
    "--name",
    "bench lists",
    "--rate-limit",
    "1000000",
  ]);
  const sql = postgres(ctx.databaseUrl, { max: 1, onnotice: () => {} });
  try {
    const ours = await ownerOf(sql, merchant.id);
    const other = await ownerOf(sql, ctx.fixtures.merchantId);
    rows = ctx.rows;
    const started = performance.now();
    ctx.log(
      `lists: seeding ${rows.toLocaleString("en")} transfers, events, payments, sessions and invoices for one merchant (+ ${Math.ceil(rows / 4).toLocaleString("en")} each of another)…`,
    );
    await seedLists(sql, { tag: ctx.runTag, rows, ours, other });
    ctx.log(`lists: seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    owner = { ...ours, secretKey: key.secret_key };
  } finally {
    await sql.end({ timeout: 1 });
  }
}

type Case = { label: string; kind: Kind; request: LoadRequest; floor: LoadRequest | null };

function cases(): Case[] {
  const o = owner!;
  const deep = Math.max(1, Math.floor(rows / 20 / 2));
  const pages = Math.max(1, Math.ceil(rows / 20));
  const api = (path: string): LoadRequest => ({ method: "GET", path, headers: { "x-api-key": o.secretKey } });
  const bench = (path: string): LoadRequest => ({ method: "GET", path });
  const t = `/api/bench/list?list=transfers&merchant=${o.merchantId}&mode=test`;
  const e = `/api/bench/list?list=events&key_pair=${o.keyPairId}`;
  const dash = (list: string) => `/api/bench/dashboard-list?list=${list}&merchant=${o.merchantId}&mode=test`;
  const deepLabel = `page ${deep.toLocaleString("en")} of ${pages.toLocaleString("en")}`;
  return [
    { label: "transfers, first page", kind: "first", request: api("/v1/checkout/transfer?page=1"), floor: bench(`${t}&page=1`) },
    { label: `transfers, ${deepLabel}`, kind: "deep", request: api(`/v1/checkout/transfer?page=${deep}`), floor: bench(`${t}&page=${deep}`) },
    {
      label: `transfers, search "${SEARCH_TERM}" (5%)`,
      kind: "search",
      request: api(`/v1/checkout/transfer?search=${SEARCH_TERM}`),
      floor: bench(`${t}&search=${SEARCH_TERM}`),
    },
    { label: "events, first page", kind: "first", request: api("/v1/events?page=1"), floor: bench(`${e}&page=1`) },
    { label: `events, ${deepLabel}`, kind: "deep", request: api(`/v1/events?page=${deep}`), floor: bench(`${e}&page=${deep}`) },
    {
      label: `events, event=${RARE_EVENT_TYPE} (2%)`,
      kind: "first",
      request: api(`/v1/events?event=${RARE_EVENT_TYPE}`),
      floor: bench(`${e}&event=${RARE_EVENT_TYPE}`),
    },
    { label: "invoices, first page", kind: "first", request: api("/v1/checkout/invoice?page=1"), floor: null },
    { label: `invoices, ${deepLabel}`, kind: "deep", request: api(`/v1/checkout/invoice?page=${deep}`), floor: null },
    { label: `invoices, search "${SEARCH_TERM}" (5%)`, kind: "search", request: api(`/v1/checkout/invoice?search=${SEARCH_TERM}`), floor: null },
    { label: "sessions (dashboard), first page", kind: "first", request: bench(`${dash("sessions")}&page=1`), floor: null },
    { label: `sessions (dashboard), ${deepLabel}`, kind: "deep", request: bench(`${dash("sessions")}&page=${deep}`), floor: null },
    { label: `sessions (dashboard), search "${SEARCH_TERM}" (5%)`, kind: "search", request: bench(`${dash("sessions")}&search=${SEARCH_TERM}`), floor: null },
    { label: "payments (dashboard), first page", kind: "first", request: bench(`${dash("payments")}&page=1`), floor: null },
    { label: `payments (dashboard), ${deepLabel}`, kind: "deep", request: bench(`${dash("payments")}&page=${deep}`), floor: null },
    { label: `payments (dashboard), search "${SEARCH_TERM}" (5%)`, kind: "search", request: bench(`${dash("payments")}&search=${SEARCH_TERM}`), floor: null },
  ];
}

/** The issue's goal for this kind of page, judged on this run (every answer must be 2xx). */
function goalOf(kind: Kind, ours: LoadResult): { text: string; met: boolean | null } {
  const g: { p50: number; p99?: number } = GOALS[kind];
  const text = `p50 ≤ ${g.p50} ms${g.p99 !== undefined ? `, p99 ≤ ${g.p99} ms` : ""} at 10 connections`;
  if (ours.total === 0 || Number.isNaN(ours.p50)) return { text, met: null };
  return { text, met: ours.errors === 0 && ours.p50 <= g.p50 && (g.p99 === undefined || ours.p99 <= g.p99) };
}

async function measure(ctx: ScenarioContext, opts: MeasureOptions): Promise<Row[]> {
  const connections = 10;
  const out: Row[] = [];
  const load = (request: LoadRequest, seconds: number) =>
    runLoad({ baseUrl: ctx.baseUrl, ...request, connections, durationSeconds: seconds, observe: opts.observe });
  for (const c of cases()) {
    // The first request is also the check; for a search it is the one that counts every match
    // and fills the cache (lib/lists/search-counts.ts): its time is reported beside the row.
    const started = performance.now();
    const check = await fetch(`${ctx.baseUrl}${c.request.path}`, { headers: { ...c.request.headers, ...benchHeaders(c.request.path) } });
    const firstMs = performance.now() - started;
    if (!check.ok) throw new Error(`lists: ${c.label}: ${c.request.path} answered ${check.status}: ${(await check.text()).slice(0, 300)}`);
    if (!ctx.quick) await load(c.request, 2); // warm the caches and the connection pool
    const floor = c.floor ? await load(c.floor, opts.durationSeconds) : null;
    ctx.log(`lists: ${c.label}, ${connections} connections, ${opts.durationSeconds} s…`);
    const ours = await load(c.request, opts.durationSeconds);
    const oursNote = c.kind === "search" ? ` (first search of the term, nothing cached: ${Math.round(firstMs).toLocaleString("en")} ms)` : undefined;
    out.push({ scenario: "lists", target: c.label, ours, floor, goal: goalOf(c.kind, ours), oursNote });
  }
  return out;
}

export const lists: Scenario = {
  name: "lists",
  description:
    "Transfers, events and invoices (GET /v1/…) and the dashboard's sessions and payments (their list queries via GET /api/bench/dashboard-list), " +
    "1,000,000 rows of one merchant each (`--rows`) among a quarter as many of another's: first page, page 25,000 of 50,000, and a search " +
    `matching 5% (\`search=${SEARCH_TERM}\`; events: \`event=${RARE_EVENT_TYPE}\`, 2%), 20 per page with an exact \`total\`, at 10 connections; ` +
    "goals: first page p50 ≤ 20 ms and p99 ≤ 60 ms, deep page and search p50 ≤ 100 ms. Floor (transfers, events): GET /api/bench/list, the old OFFSET page and count(*) as bare prepared statements",
  prepare,
  measure,
};
