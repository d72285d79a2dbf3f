import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { AuditLogView } from "@/components/audit/audit-log-view";
import { Card } from "@/components/ui/card";
import { auditFilterOptions, listAudit, parseAuditSearch } from "@/lib/audit/list-audit";
import { getDashboardContext } from "@/lib/auth/dashboard-context";
import { FORBIDDEN_MESSAGE, rolePolicy } from "@/lib/auth/role-policy";

export const metadata: Metadata = { title: "Audit log" };

type Search = Record<string, string | string[] | undefined>;

/** Settings → Audit log: who changed what in this business, when and from where (owners and developers). */
export default async function AuditLogPage({ searchParams }: { searchParams: Promise<Search> }) {
  const ctx = await getDashboardContext();
  if (!ctx) redirect("/sign-in");
  if (!rolePolicy.viewAuditLog(ctx.role)) {
    return (
      <div className="space-y-5">
        <h1 className="text-xl font-semibold">Audit log</h1>
        <Card className="text-sm" data-testid="audit-forbidden">
          {FORBIDDEN_MESSAGE} The audit log is for owners and developers.
        </Card>
      </div>
    );
  }
  const query = parseAuditSearch(await searchParams);
  const [result, options] = await Promise.all([listAudit(ctx.db, { merchantId: ctx.merchant.id, ...query }), auditFilterOptions(ctx.db, ctx.merchant.id)]);
  return (
    <div className="space-y-5">
      <div>
        <h1 className="text-xl font-semibold">Audit log</h1>
        <p className="text-sm text-neutral-500">
          Every change to {ctx.merchant.name} made in the dashboard, by the CLI or by Owo, with who made it, when and from where. Secrets are never recorded.
        </p>
      </div>
      <AuditLogView base="/dashboard/settings/audit-log" exportHref="/dashboard/settings/audit-log/export" query={query} result={result} options={options} />
    </div>
  );
}
