import { and, count, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db, DbOrTx } from "@/db/client";
import { merchants, payIds, walletMembers, walletSettings } from "@/db/schema";
import { changedFields, recordAudit, type Actor } from "@/lib/audit/record-audit";
import { appError, notFound } from "@/lib/errors";
import { type ListShape, type PageRequest, type Paged } from "@/lib/lists/paging";
import { planPage } from "@/lib/lists/page-query";
import { normalisePayId } from "@/lib/payids/find-pay-id";
import type { AddMemberBody, UpdateMemberBody } from "./wallet-input";
import type { MemberView } from "./wallet-view";
import { walletPayIdOf, type WalletScope } from "./wallet-settings";

const memberPayId = alias(payIds, "member_pay_id");
const memberSettings = alias(walletSettings, "member_settings");

/** Members with their PayID and display name; the caller's `where` picks the wallet's (ofWallet). */
function selectMembers(tx: DbOrTx) {
  return tx
    .select({
      id: walletMembers.id,
      payId: memberPayId.payId,
      name: sql<string>`coalesce(${memberSettings.name}, ${merchants.name})`,
      label: walletMembers.label,
      dailyLimit: walletMembers.dailyLimit,
      createdAt: walletMembers.createdAt,
    })
    .from(walletMembers)
    .innerJoin(memberPayId, eq(memberPayId.id, walletMembers.memberPayIdId))
    .innerJoin(merchants, eq(merchants.id, memberPayId.merchantId))
    .leftJoin(memberSettings, eq(memberSettings.payIdId, memberPayId.id))
    .$dynamic();
}

const ofWallet = (scope: WalletScope) =>
  and(eq(walletMembers.walletPayIdId, scope.walletPayIdId), eq(walletMembers.merchantId, scope.merchantId), eq(walletMembers.mode, scope.mode));

type MemberRow = { id: string; payId: string; name: string; label: string | null; dailyLimit: number | null; createdAt: Date };

function toMemberView(r: MemberRow): MemberView {
  return { pay_id: r.payId, name: r.name, label: r.label, daily_limit: r.dailyLimit, created_at: r.createdAt.toISOString() };
}

const memberNotFound = () => notFound("This PayID is not a member of the wallet.");

/** GET /v1/checkout/wallet/members: newest first. */
export async function listMembers(tx: DbOrTx, scope: WalletScope, paging: PageRequest): Promise<Paged<MemberView>> {
  await walletPayIdOf(tx, scope);
  const plan = await planPage(tx, MEMBERS, ofWallet(scope)!, undefined, paging);
  const [rows, [total]] = await Promise.all([
    selectMembers(tx)
      .where(plan.where)
      .orderBy(...plan.orderBy),
    tx.select({ n: count() }).from(walletMembers).where(ofWallet(scope)),
  ]);
  return plan.finish(rows.map(toMemberView), total!.n);
}

/** Members are named by their PayID (`pay_id`), the cursor of their list. */
const MEMBERS: ListShape = {
  table: walletMembers,
  order: [walletMembers.createdAt, walletMembers.id],
  cursorColumn: (payId) => sql`${walletMembers.memberPayIdId} in (select ${payIds.id} from ${payIds} where ${payIds.payId} = ${payId})`,
};

async function findMember(tx: DbOrTx, scope: WalletScope, payId: string): Promise<MemberRow | null> {
  const [row] = await selectMembers(tx)
    .where(and(ofWallet(scope), eq(memberPayId.payId, normalisePayId(payId))))
    .limit(1);
  return row ?? null;
}

/** The member with this PayID (with or without @), or 404 NOT_FOUND. */
export async function getMember(tx: DbOrTx, scope: WalletScope, payId: string): Promise<MemberView> {
  const row = await findMember(tx, scope, payId);
  if (!row) throw memberNotFound();
  return toMemberView(row);
}

/**
 * POST /v1/checkout/wallet/members: adds a wallet PayID of this mode as a member. An existing
 * member is answered unchanged; an unknown PayID is 400 PAY_ID_NOT_FOUND; the wallet's own
 * PayID is 400 VALIDATION_ERROR.
 */
export function addMember(db: Db, scope: WalletScope, body: AddMemberBody, actor?: Actor): Promise<MemberView> {
  return db.transaction((tx) => addMemberIn(tx, scope, body, actor));
}

async function addMemberIn(tx: DbOrTx, scope: WalletScope, body: AddMemberBody, actor?: Actor): Promise<MemberView> {
  const wallet = await walletPayIdOf(tx, scope);
  const [target] = await tx
    .select()
    .from(payIds)
    .where(and(eq(payIds.mode, scope.mode), eq(payIds.payId, normalisePayId(body.pay_id))))
    .limit(1);
  // Only a wallet PayID can receive a transfer, so only one can be a member.
  if (!target || target.kind !== "wallet" || !target.isActive) {
    throw appError("PAY_ID_NOT_FOUND");
  }
  if (target.id === wallet.id) throw appError("VALIDATION_ERROR", { message: "A wallet cannot be its own member." });
  const inserted = await tx
    .insert(walletMembers)
    .values({
      merchantId: scope.merchantId,
      mode: scope.mode,
      walletPayIdId: wallet.id,
      memberPayIdId: target.id,
      label: body.label ?? null,
      dailyLimit: body.daily_limit ?? null,
    })
    .onConflictDoNothing({ target: [walletMembers.walletPayIdId, walletMembers.memberPayIdId] })
    .returning({ id: walletMembers.id });
  if (inserted.length && actor) {
    await recordAudit(tx, {
      merchantId: scope.merchantId,
      actor,
      action: "wallet.member_added",
      targetType: "wallet_member",
      targetId: target.payId,
      changes: { label: { to: body.label ?? null }, daily_limit: { to: body.daily_limit ?? null } },
    });
  }
  return getMember(tx, scope, target.payId);
}

/** PATCH /v1/checkout/wallet/members/:payId: only the fields given change; not a member is 404. */
export function updateMember(db: Db, scope: WalletScope, payId: string, body: UpdateMemberBody, actor?: Actor): Promise<MemberView> {
  return db.transaction((tx) => updateMemberIn(tx, scope, payId, body, actor));
}

async function updateMemberIn(tx: DbOrTx, scope: WalletScope, payId: string, body: UpdateMemberBody, actor?: Actor): Promise<MemberView> {
  const before = await findMember(tx, scope, payId);
  if (!before) throw memberNotFound();
  const set: Partial<typeof walletMembers.$inferInsert> = {};
  if (body.label !== undefined) set.label = body.label;
  if (body.daily_limit !== undefined) set.dailyLimit = body.daily_limit;
  if (Object.keys(set).length) await tx.update(walletMembers).set(set).where(eq(walletMembers.id, before.id));
  const after = (await findMember(tx, scope, payId))!;
  const changes = changedFields({ label: [before.label, after.label], daily_limit: [before.dailyLimit, after.dailyLimit] });
  if (actor && changes) {
    await recordAudit(tx, {
      merchantId: scope.merchantId,
      actor,
      action: "wallet.member_updated",
      targetType: "wallet_member",
      targetId: after.payId,
      changes,
    });
  }
  return toMemberView(after);
}

/** DELETE /v1/checkout/wallet/members/:payId: not a member is 404. */
export function removeMember(db: Db, scope: WalletScope, payId: string, actor?: Actor): Promise<{ success: true; message: string }> {
  return db.transaction((tx) => removeMemberIn(tx, scope, payId, actor));
}

async function removeMemberIn(tx: DbOrTx, scope: WalletScope, payId: string, actor?: Actor): Promise<{ success: true; message: string }> {
  const member = await findMember(tx, scope, payId);
  if (!member) throw memberNotFound();
  await tx.delete(walletMembers).where(eq(walletMembers.id, member.id));
  if (actor) {
    await recordAudit(tx, { merchantId: scope.merchantId, actor, action: "wallet.member_removed", targetType: "wallet_member", targetId: member.payId });
  }
  return { success: true, message: "Member removed." };
}
