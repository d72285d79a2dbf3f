// GET /admin/merchants/:id/audit/export – one merchant's filtered audit log as CSV (admins only)
import { auditCsvStream } from "@/lib/audit/audit-csv";
import { listAudit, parseAuditSearch } from "@/lib/audit/list-audit";
import { getDb } from "@/db/client";
import { isAdminNow } from "@/lib/admin/is-admin";
import { auth } from "@/lib/auth/auth";
import { walkList } from "@/lib/lists/paging";
import { isUuid } from "@/lib/text-patterns";

export const dynamic = "force-dynamic";
const MAX_ROWS = 10_000;

export async function GET(req: Request, { params }: { params: Promise<{ id: string }> }) {
  const session = await auth();
  if (!session?.user?.id) return new Response("Sign in first", { status: 401 });
  const db = await getDb();
  // Checked fresh in the database: a demoted admin's session is not enough.
  if (!(await isAdminNow(db, session.user.id))) return new Response("Administrators only.", { status: 403 });
  const { id } = await params;
  if (!isUuid(id)) return new Response("Not found", { status: 404 });
  const query = parseAuditSearch(Object.fromEntries(new URL(req.url).searchParams), MAX_ROWS);
  const read = (page: { page_size: number; starting_after?: string }) =>
    listAudit(db, { merchantId: id, ...query, page: 1, pageSize: page.page_size, starting_after: page.starting_after });
  return new Response(
    auditCsvStream(
      walkList(read, (e) => e.id, MAX_ROWS),
      { adminEmails: true },
    ),
    {
      headers: {
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": `attachment; filename="owo-audit-log-${id}-${new Date().toISOString().slice(0, 10)}.csv"`,
        "cache-control": "no-store",
      },
    },
  );
}
