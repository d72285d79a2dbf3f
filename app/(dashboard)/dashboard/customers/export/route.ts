// GET /dashboard/customers/export – the searched customers list as CSV (signed-in members)
import { getDashboardContext } from "@/lib/auth/dashboard-context";
import { foldCustomers } from "@/lib/customers/fold-customers";
import { customersCsvStream, listFoldedCustomers, parseCustomerSearch } from "@/lib/customers/list-customers";
import { walkList } from "@/lib/lists/paging";

export const dynamic = "force-dynamic";
const MAX_ROWS = 10_000;

export async function GET(req: Request) {
  const ctx = await getDashboardContext();
  if (!ctx) return new Response("Sign in first", { status: 401 });
  const query = parseCustomerSearch(Object.fromEntries(new URL(req.url).searchParams));
  const scope = { ...ctx.scope, ...query };
  // The pending payments folded once, before the walk: every page then reads the same rows.
  await foldCustomers(ctx.db, scope);
  const csv = customersCsvStream(
    walkList(
      (page) => listFoldedCustomers(ctx.db, { ...scope, ...page }),
      (c) => c.id,
      MAX_ROWS,
    ),
  );
  return new Response(csv, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="owo-customers-${ctx.mode}-${new Date().toISOString().slice(0, 10)}.csv"`,
      "cache-control": "no-store",
    },
  });
}
