import { desc, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { apiKeyPairs, memberships, merchants, refunds, staticAccounts, users, type Mode, type StaticAccount } from "@/db/schema";
import { isUuid } from "@/lib/text-patterns";

export type AdminMerchantDetail = {
  merchant: { id: string; name: string; type: string; staticAccounts: string; createdAt: Date };
  owners: string[];
  accounts: StaticAccount[];
  openRefunds: number;
  keyPairs: AdminKeyPair[];
};

/** A key pair as the admin's limits editor shows it. */
export type AdminKeyPair = { id: string; name: string; mode: Mode; publicKey: string; rateLimit: number; initializeLimit: number; revokedAt: Date | null };

/** One merchant for the admin: product state, members, its static accounts and its key pairs (both modes, newest first). */
export async function getAdminMerchant(tx: DbOrTx, merchantId: string, opts: { accountLimit?: number } = {}): Promise<AdminMerchantDetail | null> {
  if (!isUuid(merchantId)) return null;
  const [merchant] = await tx
    .select({ id: merchants.id, name: merchants.name, type: merchants.type, staticAccounts: merchants.staticAccounts, createdAt: merchants.createdAt })
    .from(merchants)
    .where(eq(merchants.id, merchantId));
  if (!merchant) return null;
  const [members, accounts, [open], keyPairs] = await Promise.all([
    tx.select({ email: users.email }).from(memberships).innerJoin(users, eq(users.id, memberships.userId)).where(eq(memberships.merchantId, merchantId)),
    tx.select().from(staticAccounts).where(eq(staticAccounts.merchantId, merchantId)).orderBy(desc(staticAccounts.createdAt)).limit(opts.accountLimit ?? 200),
    tx
      .select({ n: sql<number>`count(*)::int` })
      .from(refunds)
      .where(sql`${refunds.merchantId} = ${merchantId}::uuid and ${refunds.status} in ('requested', 'processing')`),
    tx
      .select({
        id: apiKeyPairs.id,
        name: apiKeyPairs.name,
        mode: apiKeyPairs.mode,
        publicKey: apiKeyPairs.publicKey,
        rateLimit: apiKeyPairs.rateLimit,
        initializeLimit: apiKeyPairs.initializeLimit,
        revokedAt: apiKeyPairs.revokedAt,
      })
      .from(apiKeyPairs)
      .where(eq(apiKeyPairs.merchantId, merchantId))
      .orderBy(desc(apiKeyPairs.createdAt)),
  ]);
  return { merchant, owners: members.map((m) => m.email), accounts, openRefunds: open?.n ?? 0, keyPairs };
}

/** A merchant's id and name (the admin audit page's heading), or null when there is none. */
export async function findAdminMerchantName(tx: DbOrTx, merchantId: string): Promise<{ id: string; name: string } | null> {
  const [merchant] = await tx.select({ id: merchants.id, name: merchants.name }).from(merchants).where(eq(merchants.id, merchantId));
  return merchant ?? null;
}
