// GET /admin/reconciliation/:runId/export – a run's statement lines as CSV (admins only), streamed
import { getDb } from "@/db/client";
import { isAdminNow } from "@/lib/admin/is-admin";
import { auth } from "@/lib/auth/auth";
import { csvStream } from "@/lib/csv";
import { findRun, LINE_CSV_HEADER, lineCsvRow, runLineBatches } from "@/lib/reconciliation/runs-view";

export const dynamic = "force-dynamic";

export async function GET(_req: Request, { params }: { params: Promise<{ runId: string }> }) {
  const session = await auth();
  if (!session?.user?.id) return new Response("Sign in first", { status: 401 });
  const db = await getDb();
  // Checked fresh in the database: a demoted admin's session is not enough.
  if (!(await isAdminNow(db, session.user.id))) return new Response("Administrators only.", { status: 403 });
  const run = await findRun(db, (await params).runId);
  if (!run) return new Response("Not found", { status: 404 });
  return new Response(csvStream(LINE_CSV_HEADER, runLineBatches(db, run.id), lineCsvRow), {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="owo-reconciliation-${run.rail}-${run.day}${run.source === "file" ? "-file" : ""}.csv"`,
      "cache-control": "no-store",
    },
  });
}
