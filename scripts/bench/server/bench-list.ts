// The benchmark's floor for the /v1 list endpoints (see app/api/bench/list/route.ts): the SQL behind the route.
import { benchAllowed } from "./bench-access";
import { getDb, preparedRows } from "@/db/client";
import { containsPattern } from "@/lib/text-patterns";

const notFound = () => Response.json({ status: false, message: "Not found" }, { status: 404 });
const bad = (message: string) => Response.json({ status: false, message }, { status: 400 });

// lib/transfers/list-transfers.ts's and lib/events/list-events.ts's filters, written out with
// only the conditions a request sets (as the query builder does), so each combination is a
// statement of its own with its own plan.
function transferStatements(filters: { status: string | null; search: string | null }) {
  const where = ["merchant_id = $1::uuid", "mode = $2"];
  const params: string[] = [];
  if (filters.status) where.push(`status = $${3 + params.push(filters.status) - 1}`);
  if (filters.search) {
    const term = `$${3 + params.push(filters.search) - 1}`;
    const like = `$${3 + params.push(containsPattern(filters.search)) - 1}`;
    where.push(
      `(reference = ${term} or merchant_reference = ${term} or recipient_account_number = ${term} or recipient_name ilike ${like} or reference ilike ${like})`,
    );
  }
  const n = 3 + params.length;
  return {
    params,
    page: `select * from transfers where ${where.join(" and ")} order by created_at desc, id desc limit $${n}::int offset $${n + 1}::int`,
    count: `select count(*)::int as n from transfers where ${where.join(" and ")}`,
  };
}

function eventStatements(type: string | null) {
  const where = type ? "key_pair_id = $1::uuid and type = $2" : "key_pair_id = $1::uuid";
  const n = type ? 3 : 2;
  return {
    page: `select * from events where ${where} order by seq desc limit $${n}::int offset $${n + 1}::int`,
    count: `select count(*)::int as n from events where ${where}`,
  };
}

/** GET /api/bench/list (app/api/bench/list/route.ts). */
export async function benchList(req: Request): Promise<Response> {
  if (!benchAllowed(req)) return notFound();
  const q = new URL(req.url).searchParams;
  const page = Number(q.get("page") ?? 1);
  const pageSize = Number(q.get("page_size") ?? 20);
  if (!(Number.isInteger(page) && page >= 1 && Number.isInteger(pageSize) && pageSize >= 1 && pageSize <= 100)) return bad("bad paging");
  const offset = String((page - 1) * pageSize);
  const db = await getDb();

  let rows: Promise<unknown[]>;
  let count: Promise<{ n: number }[]>;
  if (q.get("list") === "transfers") {
    const s = transferStatements({ status: q.get("status") || null, search: q.get("search")?.trim() || null });
    const params = [q.get("merchant") ?? "", q.get("mode") ?? "test", ...s.params];
    rows = preparedRows(db, s.page, [...params, String(pageSize), offset]);
    count = preparedRows(db, s.count, params);
  } else if (q.get("list") === "events") {
    const type = q.get("event") || null;
    const s = eventStatements(type);
    const params = [q.get("key_pair") ?? "", ...(type ? [type] : [])];
    rows = preparedRows(db, s.page, [...params, String(pageSize), offset]);
    count = preparedRows(db, s.count, params);
  } else {
    return bad("list must be transfers or events");
  }
  const [items, [total]] = await Promise.all([rows, count]);
  const n = total?.n ?? 0;
  return Response.json({ status: true, message: "ok", data: { items, total: n, page, page_size: pageSize, total_pages: Math.ceil(n / pageSize) } });
}
