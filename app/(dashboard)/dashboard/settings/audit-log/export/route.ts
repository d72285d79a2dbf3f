// GET /dashboard/settings/audit-log/export – the filtered audit log as CSV (owners and developers)
import { auditCsvStream } from "@/lib/audit/audit-csv";
import { walkList } from "@/lib/lists/paging";
import { listAudit, parseAuditSearch } from "@/lib/audit/list-audit";
import { getDashboardContext } from "@/lib/auth/dashboard-context";
import { FORBIDDEN_MESSAGE, rolePolicy } from "@/lib/auth/role-policy";

export const dynamic = "force-dynamic";
const MAX_ROWS = 10_000;

export async function GET(req: Request) {
  const ctx = await getDashboardContext();
  if (!ctx) return new Response("Sign in first", { status: 401 });
  if (!rolePolicy.viewAuditLog(ctx.role)) return new Response(FORBIDDEN_MESSAGE, { status: 403 });
  const query = parseAuditSearch(Object.fromEntries(new URL(req.url).searchParams), MAX_ROWS);
  const read = (page: { page_size: number; starting_after?: string }) =>
    listAudit(ctx.db, { merchantId: ctx.merchant.id, ...query, page: 1, pageSize: page.page_size, starting_after: page.starting_after });
  return new Response(auditCsvStream(walkList(read, (e) => e.id, MAX_ROWS)), {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="owo-audit-log-${new Date().toISOString().slice(0, 10)}.csv"`,
      "cache-control": "no-store",
    },
  });
}
