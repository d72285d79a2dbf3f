// GET /dashboard/invoices/export – the filtered invoices list as CSV (signed-in members)
import { getDashboardContext } from "@/lib/auth/dashboard-context";
import { invoicesCsv } from "@/lib/invoices/invoices-csv";
import { listInvoices } from "@/lib/invoices/list-invoices";
import { parseInvoiceSearch } from "../invoice-queries";

export const dynamic = "force-dynamic";
/** listInvoices pages at most 100 at a time: the export walks the pages up to this many rows. */
const MAX_ROWS = 10_000;
const PAGE = 100;

export async function GET(req: Request) {
  const ctx = await getDashboardContext();
  if (!ctx) return new Response("Sign in first", { status: 401 });
  const { status, search } = parseInvoiceSearch(Object.fromEntries(new URL(req.url).searchParams));
  const rows = [];
  for (let page = 1; rows.length < MAX_ROWS; page++) {
    const result = await listInvoices(ctx.db, { merchantId: ctx.merchant.id, mode: ctx.mode, page, page_size: PAGE, status, search, actor: "dashboard" });
    rows.push(...result.items);
    if (page >= result.total_pages) break;
  }
  return new Response(invoicesCsv(rows), {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="owo-invoices-${ctx.mode}-${new Date().toISOString().slice(0, 10)}.csv"`,
      "cache-control": "no-store",
    },
  });
}
