// The benchmark's floor (see app/api/bench/floor/route.ts): the SQL behind the route.
import { benchAllowed } from "./bench-access";
import { sql } from "drizzle-orm";
import { getDb, preparedRows, queryRows, type Db } from "@/db/client";

const notFound = () => Response.json({ status: false, message: "Not found" }, { status: 404 });

// Benchmark tables, kept out of the migrations: made once per process on first use. One
// balance row that every request updates mirrors a transfer debiting one wallet.
let tablesReady: Promise<void> | null = null;
function ensureTables(db: Db): Promise<void> {
  tablesReady ??= (async () => {
    await db.execute(sql`create table if not exists bench_floor_balances (id int primary key, balance bigint not null)`);
    await db.execute(sql`create table if not exists bench_floor_entries (
      id bigint generated always as identity primary key,
      reference text not null unique,
      amount bigint not null,
      created_at timestamptz not null default now())`);
    await db.execute(sql`insert into bench_floor_balances (id, balance) values (1, 0) on conflict (id) do nothing`);
  })().catch((err: unknown) => {
    tablesReady = null;
    throw err;
  });
  return tablesReady;
}

// The same write as one prepared statement (a CTE: insert + balance update, its own
// transaction), the way our hot paths talk to Postgres: the tightest floor we can write.
const STATEMENT_WRITE = `with e as (insert into bench_floor_entries (reference, amount) values ($1, $2::bigint) returning id),
  b as (update bench_floor_balances set balance = balance - $2::bigint where id = 1 returning balance)
  select (select id from e)::text as id, (select balance from b)::text as balance`;
// One prepared select of one row by key: the floor for reads (verify, get).
const READ = `select id::text as id, balance::text as balance from bench_floor_balances where id = $1::int`;

/** POST /api/bench/floor (app/api/bench/floor/route.ts). */
export async function benchFloor(req: Request): Promise<Response> {
  if (!benchAllowed(req)) return notFound();
  const kind = new URL(req.url).searchParams.get("kind") ?? "transaction";
  const db = await getDb();
  await ensureTables(db);
  if (kind === "read") {
    if (req.method !== "GET") return Response.json({ status: false, message: "Method not allowed" }, { status: 405, headers: { allow: "GET" } });
    const [row] = await preparedRows<{ id: string; balance: string }>(db, READ, ["1"]);
    return Response.json({ status: true, message: "ok", data: row });
  }
  if (req.method !== "POST") return Response.json({ status: false, message: "Method not allowed" }, { status: 405, headers: { allow: "POST" } });
  const body = (await req.json().catch(() => null)) as { reference?: unknown; amount?: unknown } | null;
  const reference = typeof body?.reference === "string" ? body.reference : crypto.randomUUID();
  const amount = typeof body?.amount === "number" ? body.amount : 10_000;

  if (kind === "statement") {
    const [row] = await preparedRows<{ id: string; balance: string }>(db, STATEMENT_WRITE, [reference, String(amount)]);
    return Response.json({ status: true, message: "ok", data: { id: row!.id, reference, balance: row!.balance } });
  }
  const row = await db.transaction(async (tx) => {
    const [entry] = await queryRows<{ id: string }>(tx, sql`insert into bench_floor_entries (reference, amount) values (${reference}, ${amount}) returning id`);
    const [balance] = await queryRows<{ balance: string }>(
      tx,
      sql`update bench_floor_balances set balance = balance - ${amount} where id = 1 returning balance`,
    );
    return { id: entry!.id, reference, balance: balance!.balance };
  });
  return Response.json({ status: true, message: "ok", data: row });
}
