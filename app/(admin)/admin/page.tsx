import type { Metadata } from "next";
import Link from "next/link";
import { ProductStateControl } from "@/components/admin/product-state-control";
import { StatusBadge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { DateTime } from "@/components/ui/date-time";
import { ListHead, ListTable, Row, Th } from "@/components/ui/list-table";
import { getDb } from "@/db/client";
import { listMerchants } from "@/lib/admin/list-merchants";
import { requireAdmin } from "@/lib/admin/require-admin";

export const metadata: Metadata = { title: "Merchants" };

export default async function AdminMerchantsPage() {
  await requireAdmin();
  const rows = await listMerchants(await getDb());
  return (
    <div className="space-y-4">
      <h1 className="text-xl font-semibold">Merchants</h1>
      <p className="text-sm text-neutral-500">The static-account product is enabled per merchant. Open a merchant to see and suspend its static accounts.</p>
      {rows.length === 0 ? (
        <Card className="py-10 text-center text-sm text-neutral-500">No merchants yet. They appear here when someone signs up or `owo merchant create` runs.</Card>
      ) : (
        <ListTable testId="admin-merchants">
          <ListHead>
            <Th>Name</Th>
            <Th>Type</Th>
            <Th>Owner</Th>
            <Th>Static accounts</Th>
            <Th>Created</Th>
            <Th right>Product</Th>
          </ListHead>
          <tbody>
            {rows.map((m) => (
              <Row key={m.id} data-testid={`merchant-row-${m.id}`}>
                <td className="px-4 py-2 font-medium">
                  <Link href={`/admin/merchants/${m.id}`} className="text-accent hover:underline">{m.name}</Link>
                </td>
                <td className="px-4 py-2 capitalize">{m.type}</td>
                <td className="px-4 py-2">{m.ownerEmail ?? "—"}</td>
                <td className="px-4 py-2" data-testid={`product-state-${m.id}`}><StatusBadge status={m.staticAccounts} /></td>
                <td className="px-4 py-2"><DateTime at={m.createdAt} /></td>
                <td className="px-4 py-2 text-right"><ProductStateControl merchantId={m.id} merchantName={m.name} state={m.staticAccounts} /></td>
              </Row>
            ))}
          </tbody>
        </ListTable>
      )}
    </div>
  );
}
