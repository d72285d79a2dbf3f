// GET /dashboard/payments/export – the filtered payments list as CSV (signed-in members)
import { getDashboardContext } from "@/lib/auth/dashboard-context";
import { listPayments, parsePaymentSearch } from "@/lib/payments/list-payments";
import { paymentsCsvStream } from "@/lib/payments/payments-csv";
import { walkList } from "@/lib/lists/paging";

export const dynamic = "force-dynamic";
const MAX_ROWS = 10_000;

export async function GET(req: Request) {
  const ctx = await getDashboardContext();
  if (!ctx) return new Response("Sign in first", { status: 401 });
  const query = parsePaymentSearch(Object.fromEntries(new URL(req.url).searchParams));
  const scope = { ...ctx.scope, ...query };
  const csv = paymentsCsvStream(
    walkList(
      (page) => listPayments(ctx.db, { ...scope, ...page }),
      (p) => p.id,
      MAX_ROWS,
    ),
  );
  return new Response(csv, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="owo-payments-${ctx.mode}-${new Date().toISOString().slice(0, 10)}.csv"`,
      "cache-control": "no-store",
    },
  });
}
