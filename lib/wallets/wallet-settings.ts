import { and, eq, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "@/db/client";
import { ledgerAccounts, merchants, payIds, walletDailySpend, walletSettings, type Mode } from "@/db/schema";
import { changedFields, recordAudit, type Actor } from "@/lib/audit/record-audit";
import { appError } from "@/lib/errors";
import { walletAccountCode } from "@/lib/ledger/accounts";
import { lagosDay } from "@/lib/lagos-day";
import type { UpdateWalletBody } from "./wallet-input";
import type { WalletView } from "./wallet-view";

/** The key's (or dashboard's) wallet: a wallet PayID of this merchant and mode. */
export type WalletScope = { merchantId: string; mode: Mode; walletPayIdId: string };

export const walletNotLinked = () => appError("WALLET_NOT_LINKED");

/** The scope's wallet PayID row (locked with `forUpdate`), or WALLET_NOT_LINKED. */
export async function walletPayIdOf(tx: DbOrTx, scope: WalletScope, opts: { forUpdate?: boolean } = {}) {
  const q = tx
    .select()
    .from(payIds)
    .where(and(eq(payIds.id, scope.walletPayIdId), eq(payIds.merchantId, scope.merchantId), eq(payIds.mode, scope.mode), eq(payIds.kind, "wallet")));
  const [row] = opts.forUpdate ? await q.for("update") : await q;
  if (!row) throw walletNotLinked();
  return row;
}

/** GET /v1/checkout/wallet: the wallet, its settings, balance and what it sent today (Lagos day). */
export async function getWallet(tx: DbOrTx, scope: WalletScope): Promise<WalletView> {
  const [row] = await tx
    .select({
      payId: payIds.payId,
      createdAt: payIds.createdAt,
      name: sql<string>`coalesce(${walletSettings.name}, ${merchants.name})`,
      membersOnly: walletSettings.membersOnly,
      dailyLimit: walletSettings.dailyLimit,
      balance: sql<
        string | null
      >`(select ${ledgerAccounts.balance} from ${ledgerAccounts} where ${ledgerAccounts.code} = ${walletAccountCode(scope.walletPayIdId)})`,
      spent: sql<string | null>`(select ${walletDailySpend.spent} from ${walletDailySpend}
                                  where ${walletDailySpend.walletPayIdId} = ${payIds.id} and ${walletDailySpend.day} = ${lagosDay()}::date)`,
    })
    .from(payIds)
    .innerJoin(merchants, eq(merchants.id, payIds.merchantId))
    .leftJoin(walletSettings, eq(walletSettings.payIdId, payIds.id))
    .where(and(eq(payIds.id, scope.walletPayIdId), eq(payIds.merchantId, scope.merchantId), eq(payIds.mode, scope.mode), eq(payIds.kind, "wallet")));
  if (!row) throw walletNotLinked();
  return {
    pay_id: row.payId,
    name: row.name,
    currency: "NGN",
    available_balance: Number(row.balance ?? 0),
    members_only: row.membersOnly ?? false,
    daily_limit: row.dailyLimit ?? null,
    spent_today: Number(row.spent ?? 0),
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * PATCH /v1/checkout/wallet (and Wallet settings in the dashboard): only the fields given
 * change. From the dashboard (`actor`), the change is audited as `wallet.updated`.
 */
export function updateWallet(db: Db, scope: WalletScope, body: UpdateWalletBody, actor?: Actor): Promise<WalletView> {
  return db.transaction((tx) => updateWalletIn(tx, scope, body, actor));
}

async function updateWalletIn(tx: DbOrTx, scope: WalletScope, body: UpdateWalletBody, actor?: Actor): Promise<WalletView> {
  await walletPayIdOf(tx, scope);
  const set: Partial<typeof walletSettings.$inferInsert> = {};
  if (body.name !== undefined) set.name = body.name;
  if (body.members_only !== undefined) set.membersOnly = body.members_only;
  if (body.daily_limit !== undefined) set.dailyLimit = body.daily_limit;
  const before = await getWallet(tx, scope);
  if (Object.keys(set).length) {
    await tx
      .insert(walletSettings)
      .values({ payIdId: scope.walletPayIdId, merchantId: scope.merchantId, mode: scope.mode, ...set })
      .onConflictDoUpdate({ target: walletSettings.payIdId, set: { ...set, updatedAt: new Date() } });
  }
  const after = await getWallet(tx, scope);
  const changes = changedFields({
    name: [before.name, after.name],
    members_only: [before.members_only, after.members_only],
    daily_limit: [before.daily_limit, after.daily_limit],
  });
  if (actor && changes) {
    await recordAudit(tx, { merchantId: scope.merchantId, actor, action: "wallet.updated", targetType: "wallet", targetId: after.pay_id, changes });
  }
  return after;
}
