import { and, desc, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import {
  apiKeyPairs,
  auditLog,
  memberships,
  merchants,
  MODES,
  refunds,
  settlementPayouts,
  staticAccounts,
  transfers,
  users,
  type Mode,
  type StaticAccount,
} from "@/db/schema";
import { getBalances, type Balances } from "@/lib/overview/balances";
import { getCollections, type Totals } from "@/lib/overview/collections";
import { getRecentPayments, type RecentPayment } from "@/lib/overview/recent-payments";
import { isUuid } from "@/lib/text-patterns";

export type AdminMerchantSuspension = { at: Date; reason: string | null; by: string | null };

export type AdminMerchantDetail = {
  merchant: { id: string; name: string; type: string; staticAccounts: string; createdAt: Date };
  /** Null unless an admin suspended the business: when, why and who. */
  suspension: AdminMerchantSuspension | null;
  owners: string[];
  accounts: StaticAccount[];
  openRefunds: number;
  keyPairs: AdminKeyPair[];
  /** Test and live each: balances, 30-day volume and the latest money in and out. */
  modes: Record<Mode, AdminModeActivity>;
};

/**
 * A key pair as the admin sees it: never a secret. The secret key shows as its display prefix
 * and last four (all that is stored besides its hash), the public key as its first characters.
 */
export type AdminKeyPair = {
  id: string;
  name: string;
  mode: Mode;
  secretKeyHint: string;
  publicKeyHint: string;
  rateLimit: number;
  initializeLimit: number;
  revokedAt: Date | null;
};

export type AdminPayout = { id: string; reference: string; amount: number; status: string; destination: string; createdAt: Date };
export type AdminTransfer = { id: string; publicId: string; amount: number; status: string; recipientName: string; createdAt: Date };

export type AdminModeActivity = {
  balances: Balances;
  volume30d: Totals;
  recentPayments: RecentPayment[];
  recentPayouts: AdminPayout[];
  recentTransfers: AdminTransfer[];
};

const RECENT = 5;

/** The public key's first characters (`pk_live_` and six more): enough to recognise, not to paste. */
export const publicKeyHint = (publicKey: string): string => `${publicKey.slice(0, publicKey.indexOf("_", 3) + 7)}…`;

/** Balances, 30-day volume (the daily_volume rollup: getCollections) and the latest payments, payouts and transfers of one mode, each read by its index. */
async function modeActivity(tx: DbOrTx, merchantId: string, mode: Mode): Promise<AdminModeActivity> {
  const scope = { merchantId, mode };
  const [balances, collections, recentPayments, recentPayouts, recentTransfers] = await Promise.all([
    getBalances(tx, scope),
    getCollections(tx, scope),
    getRecentPayments(tx, { ...scope, limit: RECENT }),
    tx
      .select({
        id: settlementPayouts.id,
        reference: settlementPayouts.reference,
        amount: settlementPayouts.amount,
        status: settlementPayouts.status,
        destination: settlementPayouts.destination,
        createdAt: settlementPayouts.createdAt,
      })
      .from(settlementPayouts)
      .where(and(eq(settlementPayouts.merchantId, merchantId), eq(settlementPayouts.mode, mode)))
      .orderBy(desc(settlementPayouts.createdAt))
      .limit(RECENT),
    tx
      .select({
        id: transfers.id,
        publicId: transfers.publicId,
        amount: transfers.amount,
        status: transfers.status,
        recipientName: transfers.recipientName,
        createdAt: transfers.createdAt,
      })
      .from(transfers)
      .where(and(eq(transfers.merchantId, merchantId), eq(transfers.mode, mode)))
      .orderBy(desc(transfers.createdAt), desc(transfers.id))
      .limit(RECENT),
  ]);
  return { balances, volume30d: collections.last30, recentPayments, recentPayouts, recentTransfers };
}

/** One merchant for the admin: product state, suspension, members, static accounts, key pairs (both modes, newest first) and each mode's money. */
export async function getAdminMerchant(tx: DbOrTx, merchantId: string, opts: { accountLimit?: number } = {}): Promise<AdminMerchantDetail | null> {
  if (!isUuid(merchantId)) return null;
  const [merchant] = await tx
    .select({
      id: merchants.id,
      name: merchants.name,
      type: merchants.type,
      staticAccounts: merchants.staticAccounts,
      createdAt: merchants.createdAt,
      suspendedAt: merchants.suspendedAt,
      suspendedReason: merchants.suspendedReason,
    })
    .from(merchants)
    .where(eq(merchants.id, merchantId));
  if (!merchant) return null;
  const [members, accounts, [open], keyRows, suspendedBy, test, live] = await Promise.all([
    tx
      .select({ email: users.email })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(and(eq(memberships.merchantId, merchantId), eq(memberships.role, "owner"))),
    tx
      .select()
      .from(staticAccounts)
      .where(eq(staticAccounts.merchantId, merchantId))
      .orderBy(desc(staticAccounts.createdAt))
      .limit(opts.accountLimit ?? 200),
    tx
      .select({ n: sql<number>`count(*)::int` })
      .from(refunds)
      .where(sql`${refunds.merchantId} = ${merchantId}::uuid and ${refunds.status} in ('requested', 'processing')`),
    tx
      .select({
        id: apiKeyPairs.id,
        name: apiKeyPairs.name,
        mode: apiKeyPairs.mode,
        secretPrefix: apiKeyPairs.secretPrefix,
        secretLast4: apiKeyPairs.secretLast4,
        publicKey: apiKeyPairs.publicKey,
        rateLimit: apiKeyPairs.rateLimit,
        initializeLimit: apiKeyPairs.initializeLimit,
        revokedAt: apiKeyPairs.revokedAt,
      })
      .from(apiKeyPairs)
      .where(eq(apiKeyPairs.merchantId, merchantId))
      .orderBy(desc(apiKeyPairs.createdAt)),
    merchant.suspendedAt
      ? tx
          .select({ email: users.email })
          .from(auditLog)
          .leftJoin(users, eq(users.id, auditLog.actorUserId))
          .where(and(eq(auditLog.merchantId, merchantId), eq(auditLog.action, "merchant.suspended")))
          .orderBy(desc(auditLog.createdAt))
          .limit(1)
      : Promise.resolve([]),
    modeActivity(tx, merchantId, "test"),
    modeActivity(tx, merchantId, "live"),
  ]);
  const keyPairs = keyRows.map(({ secretPrefix, secretLast4, publicKey, ...k }) => ({
    ...k,
    secretKeyHint: `${secretPrefix}…${secretLast4}`,
    publicKeyHint: publicKeyHint(publicKey),
  }));
  const { suspendedAt, suspendedReason, ...rest } = merchant;
  return {
    merchant: rest,
    suspension: suspendedAt ? { at: suspendedAt, reason: suspendedReason, by: suspendedBy[0]?.email ?? null } : null,
    owners: members.map((m) => m.email),
    accounts,
    openRefunds: open?.n ?? 0,
    keyPairs,
    modes: Object.fromEntries(MODES.map((m) => [m, m === "test" ? test : live])) as Record<Mode, AdminModeActivity>,
  };
}

/** A merchant's id and name (the admin audit page's heading), or null when there is none. */
export async function findAdminMerchantName(tx: DbOrTx, merchantId: string): Promise<{ id: string; name: string } | null> {
  const [merchant] = await tx.select({ id: merchants.id, name: merchants.name }).from(merchants).where(eq(merchants.id, merchantId));
  return merchant ?? null;
}
