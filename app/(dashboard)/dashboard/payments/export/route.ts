// GET /dashboard/payments/export – the filtered payments list as CSV (signed-in members)
import { getDashboardContext } from "@/lib/auth/dashboard-context";
import { listPayments, parsePaymentSearch } from "@/lib/payments/list-payments";
import { paymentsCsv } from "@/lib/payments/payments-csv";

export const dynamic = "force-dynamic";
const MAX_ROWS = 10_000;

export async function GET(req: Request) {
  const ctx = await getDashboardContext();
  if (!ctx) return new Response("Sign in first", { status: 401 });
  const query = parsePaymentSearch(Object.fromEntries(new URL(req.url).searchParams));
  const { items } = await listPayments(ctx.db, { merchantId: ctx.merchant.id, mode: ctx.mode, ...query, page: 1, page_size: MAX_ROWS });
  return new Response(paymentsCsv(items), {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="owo-payments-${ctx.mode}-${new Date().toISOString().slice(0, 10)}.csv"`,
      "cache-control": "no-store",
    },
  });
}
