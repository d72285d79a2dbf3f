// GET /dashboard/transfers/export – the filtered transfers list as CSV (signed-in members)
import { getDashboardContext } from "@/lib/auth/dashboard-context";
import { listTransfers } from "@/lib/transfers/list-transfers";
import { parseTransferSearch } from "@/lib/transfers/parse-filter";
import { transfersCsvStream } from "@/lib/transfers/transfers-csv";
import { walkList } from "@/lib/lists/paging";

export const dynamic = "force-dynamic";
const MAX_ROWS = 10_000;

export async function GET(req: Request) {
  const ctx = await getDashboardContext();
  if (!ctx) return new Response("Sign in first", { status: 401 });
  const query = parseTransferSearch(Object.fromEntries(new URL(req.url).searchParams));
  const scope = { ...ctx.scope, ...query };
  const csv = transfersCsvStream(
    walkList(
      (page) => listTransfers(ctx.db, { ...scope, ...page }),
      (t) => t.publicId,
      MAX_ROWS,
    ),
  );
  return new Response(csv, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="owo-transfers-${ctx.mode}-${new Date().toISOString().slice(0, 10)}.csv"`,
      "cache-control": "no-store",
    },
  });
}
