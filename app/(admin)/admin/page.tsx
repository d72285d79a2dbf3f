import type { Metadata } from "next";
import { MerchantList } from "@/components/admin/merchant-list";
import { PlatformTotalsCards } from "@/components/admin/platform-totals";
import { getDb } from "@/db/client";
import { getPlatformTotals } from "@/lib/admin/platform-totals";
import { requireAdmin } from "@/lib/admin/require-admin";
import { parseMerchantSearch, searchMerchants } from "@/lib/admin/search-merchants";

export const metadata: Metadata = { title: "Merchants" };

/** The admin home: the platform's totals, then the merchant search (`?q=` name, email or id; `?page=`). */
export default async function AdminHomePage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  await requireAdmin();
  const { q, page } = parseMerchantSearch(await searchParams);
  const db = await getDb();
  const [totals, result] = await Promise.all([getPlatformTotals(db), searchMerchants(db, { q, page })]);
  return (
    <div className="space-y-6">
      <h1 className="text-xl font-semibold">Platform</h1>
      <PlatformTotalsCards totals={totals} />
      <MerchantList result={result} q={q} />
    </div>
  );
}
