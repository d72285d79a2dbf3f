import { desc, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { memberships, merchants, users } from "@/db/schema";

/** Every merchant with its owner's email, newest first (admin view). */
export async function listMerchants(tx: DbOrTx, input: { limit?: number } = {}) {
  return tx
    .select({
      id: merchants.id,
      name: merchants.name,
      type: merchants.type,
      staticAccounts: merchants.staticAccounts,
      createdAt: merchants.createdAt,
      ownerEmail: sql<string | null>`min(${users.email})`,
    })
    .from(merchants)
    .leftJoin(memberships, eq(memberships.merchantId, merchants.id))
    .leftJoin(users, eq(users.id, memberships.userId))
    .groupBy(merchants.id)
    .orderBy(desc(merchants.createdAt))
    .limit(input.limit ?? 100);
}
