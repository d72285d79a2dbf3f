// GET /dashboard/invoices/export – the filtered invoices list as CSV (signed-in members)
import { getDashboardContext } from "@/lib/auth/dashboard-context";
import { invoicesCsvStream } from "@/lib/invoices/invoices-csv";
import { listInvoices } from "@/lib/invoices/list-invoices";
import { parseInvoiceSearch } from "@/lib/invoices/dashboard-queries";
import { walkList } from "@/lib/lists/paging";

export const dynamic = "force-dynamic";
const MAX_ROWS = 10_000;

export async function GET(req: Request) {
  const ctx = await getDashboardContext();
  if (!ctx) return new Response("Sign in first", { status: 401 });
  const { status, search } = parseInvoiceSearch(Object.fromEntries(new URL(req.url).searchParams));
  const scope = { ...ctx.scope, status, search, actor: "dashboard" as const };
  const csv = invoicesCsvStream(
    walkList(
      (page) => listInvoices(ctx.db, { ...scope, ...page }),
      (i) => i.publicId,
      MAX_ROWS,
    ),
  );
  return new Response(csv, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="owo-invoices-${ctx.mode}-${new Date().toISOString().slice(0, 10)}.csv"`,
      "cache-control": "no-store",
    },
  });
}
