// GET /dashboard/transfers/bulk/:id/result – a bulk batch's result file as CSV (signed-in members)
import { getDashboardContext } from "@/lib/auth/dashboard-context";
import { getBulkBatch } from "@/lib/bulk-transfers/bulk-batch-view";
import { bulkResultCsv } from "@/lib/bulk-transfers/bulk-result-csv";

export const dynamic = "force-dynamic";

export async function GET(_req: Request, { params }: { params: Promise<{ id: string }> }) {
  const ctx = await getDashboardContext();
  if (!ctx) return new Response("Sign in first", { status: 401 });
  const { id } = await params;
  const view = await getBulkBatch(ctx.db, { ...ctx.scope, id });
  if (!view) return new Response("No such bulk transfer", { status: 404 });
  const base =
    view.batch.fileName
      .replace(/\.csv$/i, "")
      .replace(/[^A-Za-z0-9_-]+/g, "-")
      .slice(0, 60) || "bulk";
  return new Response(bulkResultCsv(view.rows), {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="owo-bulk-result-${base}-${id.slice(-8)}.csv"`,
      "cache-control": "no-store",
    },
  });
}
