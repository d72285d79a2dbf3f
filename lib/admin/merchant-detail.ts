import { desc, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { memberships, merchants, refunds, staticAccounts, users, type StaticAccount } from "@/db/schema";
import { isUuid } from "@/lib/text-patterns";

export type AdminMerchantDetail = {
  merchant: { id: string; name: string; type: string; staticAccounts: string; createdAt: Date };
  owners: string[];
  accounts: StaticAccount[];
  openRefunds: number;
};

/** One merchant for the admin: product state, members, and its static accounts (both modes, newest first). */
export async function getAdminMerchant(tx: DbOrTx, merchantId: string, opts: { accountLimit?: number } = {}): Promise<AdminMerchantDetail | null> {
  if (!isUuid(merchantId)) return null;
  const [merchant] = await tx
    .select({ id: merchants.id, name: merchants.name, type: merchants.type, staticAccounts: merchants.staticAccounts, createdAt: merchants.createdAt })
    .from(merchants)
    .where(eq(merchants.id, merchantId));
  if (!merchant) return null;
  const [members, accounts, [open]] = await Promise.all([
    tx.select({ email: users.email }).from(memberships).innerJoin(users, eq(users.id, memberships.userId)).where(eq(memberships.merchantId, merchantId)),
    tx.select().from(staticAccounts).where(eq(staticAccounts.merchantId, merchantId)).orderBy(desc(staticAccounts.createdAt)).limit(opts.accountLimit ?? 200),
    tx
      .select({ n: sql<number>`count(*)::int` })
      .from(refunds)
      .where(sql`${refunds.merchantId} = ${merchantId}::uuid and ${refunds.status} in ('requested', 'processing')`),
  ]);
  return { merchant, owners: members.map((m) => m.email), accounts, openRefunds: open?.n ?? 0 };
}
