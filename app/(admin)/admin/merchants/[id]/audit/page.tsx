import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { notFound } from "next/navigation";
import { AuditLogView } from "@/components/audit/audit-log-view";
import { getDb } from "@/db/client";
import { findAdminMerchantName } from "@/lib/admin/merchant-detail";
import { auditFilterOptions, listAudit, parseAuditSearch } from "@/lib/audit/list-audit";
import { requireAdmin } from "@/lib/admin/require-admin";
import { isUuid } from "@/lib/text-patterns";

export const metadata: Metadata = { title: "Merchant audit log" };

type Search = Record<string, string | string[] | undefined>;

/** /admin: one merchant's audit log, as its owners see it, with the acting admins' emails. */
export default async function AdminMerchantAuditPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: Promise<Search> }) {
  await requireAdmin();
  const { id } = await params;
  if (!isUuid(id)) notFound();
  const db = await getDb();
  const merchant = await findAdminMerchantName(db, id);
  if (!merchant) notFound();
  const query = parseAuditSearch(await searchParams);
  const [result, options] = await Promise.all([listAudit(db, { merchantId: merchant.id, ...query }), auditFilterOptions(db, merchant.id)]);
  const base = `/admin/merchants/${merchant.id}/audit`;
  return (
    <div className="space-y-5">
      <Link href={`/admin/merchants/${merchant.id}`} className="text-sm text-accent hover:underline">
        ← {merchant.name}
      </Link>
      <div>
        <h1 className="text-xl font-semibold">Audit log</h1>
        <p className="text-sm text-neutral-500">Every recorded change to {merchant.name}: by its members, the CLI, the system and Owo admins.</p>
      </div>
      <AuditLogView base={base} exportHref={`${base}/export`} query={query} result={result} options={options} adminEmails />
    </div>
  );
}
