// GET /api/bench/dashboard-list: the dashboard's
// checkout-sessions and payments lists, which have no /v1 endpoint, through the very query
// functions the dashboard pages call (lib/sessions/list-sessions.ts, lib/payments/list-payments.ts),
// answered as JSON; no sign-in or page rendering. For `npm run bench`'s lists scenario only:
// a 404 without OWO_BENCH_SECRET (scripts/bench/server/bench-access.ts).
//
//   ?list=sessions|payments&merchant=UUID&mode=test&page=1&page_size=20[&search=…]
import { getDb } from "@/db/client";
import { listPayments } from "@/lib/payments/list-payments";
import { listSessions } from "@/lib/sessions/list-sessions";
import { benchAllowed } from "@/scripts/bench/server/bench-access";

export const dynamic = "force-dynamic";

export async function GET(req: Request): Promise<Response> {
  if (!benchAllowed(req)) return Response.json({ status: false, message: "Not found" }, { status: 404 });
  const q = new URL(req.url).searchParams;
  const page = Number(q.get("page") ?? 1);
  const pageSize = Number(q.get("page_size") ?? 20);
  const mode = q.get("mode") === "live" ? "live" : "test";
  const merchantId = q.get("merchant") ?? "";
  const search = q.get("search")?.trim() || undefined;
  if (!(Number.isInteger(page) && page >= 1 && Number.isInteger(pageSize) && pageSize >= 1 && pageSize <= 100)) {
    return Response.json({ status: false, message: "bad paging" }, { status: 400 });
  }
  const db = await getDb();
  const input = { merchantId, mode, page, page_size: pageSize, search } as const;
  const list = q.get("list");
  if (list === "sessions") return Response.json({ status: true, data: await listSessions(db, input) });
  if (list === "payments") return Response.json({ status: true, data: await listPayments(db, input) });
  return Response.json({ status: false, message: "list must be sessions or payments" }, { status: 400 });
}
