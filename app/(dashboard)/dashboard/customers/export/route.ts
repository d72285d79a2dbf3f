// GET /dashboard/customers/export – the searched customers list as CSV (signed-in members)
import { getDashboardContext } from "@/lib/auth/dashboard-context";
import { customersCsv, parseCustomerSearch } from "@/lib/customers/list-customers";

export const dynamic = "force-dynamic";
const MAX_ROWS = 10_000;

export async function GET(req: Request) {
  const ctx = await getDashboardContext();
  if (!ctx) return new Response("Sign in first", { status: 401 });
  const query = parseCustomerSearch(Object.fromEntries(new URL(req.url).searchParams));
  const csv = await customersCsv(ctx.db, { ...ctx.scope, ...query }, MAX_ROWS);
  return new Response(csv, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="owo-customers-${ctx.mode}-${new Date().toISOString().slice(0, 10)}.csv"`,
      "cache-control": "no-store",
    },
  });
}
