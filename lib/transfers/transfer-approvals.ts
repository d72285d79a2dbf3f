import { and, desc, eq } from "drizzle-orm";
import type { Db, DbOrTx } from "@/db/client";
import { approvalRules, transferApprovals, users, type Mode, type TransferApproval } from "@/db/schema";
import { recordAudit, type Actor } from "@/lib/audit/record-audit";
import { appError, invalidState, notFound, walletNotLinked } from "@/lib/errors";
import { getWalletPayId } from "@/lib/payids/find-pay-id";
import { isUuid } from "@/lib/text-patterns";
import { initiateTransfer } from "./initiate-transfer";
import { InitiateTransferBody } from "./transfer-input";
import type { TransferView } from "./transfer-view";

/*
 * Approvals of money out of the dashboard (issue 25: safe money out). An owner sets, per mode,
 * a threshold; a dashboard transfer of more than it is not sent but waits, as the requester
 * confirmed it (its reference included), for another member allowed to approve (owners). The
 * requester can never approve their own. Approval sends it through the transfer path under
 * its reference, so two approvers at once, or a retried click, send it once. Audited.
 */

type Scope = { merchantId: string; mode: Mode };

export async function approvalThreshold(db: DbOrTx, scope: Scope): Promise<number | null> {
  const [row] = await db
    .select({ threshold: approvalRules.threshold })
    .from(approvalRules)
    .where(and(eq(approvalRules.merchantId, scope.merchantId), eq(approvalRules.mode, scope.mode)));
  return row?.threshold ?? null;
}

/** An owner sets (or clears, null) the threshold above which a transfer needs a second member. */
export async function setApprovalThreshold(db: Db, input: Scope & { threshold: number | null; actor: Actor }): Promise<number | null> {
  return db.transaction(async (tx) => {
    const before = await approvalThreshold(tx, input);
    await tx
      .insert(approvalRules)
      .values({ merchantId: input.merchantId, mode: input.mode, threshold: input.threshold })
      .onConflictDoUpdate({ target: [approvalRules.merchantId, approvalRules.mode], set: { threshold: input.threshold } });
    await recordAudit(tx, {
      merchantId: input.merchantId,
      actor: input.actor,
      action: "approval_rule.saved",
      targetType: "approval_rules",
      targetId: `${input.merchantId}:${input.mode}`,
      changes: { threshold: { from: before, to: input.threshold } },
    });
    return input.threshold;
  });
}

export type SendOutcome = { kind: "sent"; transfer: TransferView } | { kind: "awaiting_approval"; approval: TransferApproval };

/**
 * "Send money" from the dashboard: above the threshold the transfer waits for approval;
 * otherwise it is sent. `userId` is the member asking (recorded; they cannot approve it).
 */
export async function sendOrRequestApproval(
  db: Db,
  input: Scope & { merchantName: string; userId: string; actor: Actor; body: InitiateTransferBody },
): Promise<SendOutcome> {
  const threshold = await approvalThreshold(db, input);
  if (threshold !== null && input.body.amount > threshold) {
    const recipientName = input.body.type === "bank_transfer" ? input.body.account_name : input.body.pay_id;
    const approval = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(transferApprovals)
        .values({
          merchantId: input.merchantId,
          mode: input.mode,
          body: input.body as Record<string, unknown>,
          amount: input.body.amount,
          recipientName,
          requestedBy: input.userId,
        })
        .returning();
      await recordAudit(tx, {
        merchantId: input.merchantId,
        actor: input.actor,
        action: "transfer.approval_requested",
        targetType: "transfer_approval",
        targetId: row!.id,
        changes: { amount: { to: input.body.amount }, recipient: { to: recipientName } },
      });
      return row!;
    });
    return { kind: "awaiting_approval", approval };
  }
  const wallet = await getWalletPayId(db, input);
  if (!wallet) throw walletNotLinked();
  const transfer = await initiateTransfer(db, {
    merchantId: input.merchantId,
    merchantName: input.merchantName,
    mode: input.mode,
    walletPayIdId: wallet.id,
    keyPairId: null,
    source: "dashboard",
    actor: input.actor,
    body: input.body,
  });
  return { kind: "sent", transfer };
}

export type ApprovalRow = TransferApproval & { requestedByEmail: string };

/** The transfers waiting for approval (the Transfers page), oldest first. */
export async function listPendingApprovals(db: DbOrTx, scope: Scope): Promise<ApprovalRow[]> {
  const rows = await db
    .select({ a: transferApprovals, email: users.email })
    .from(transferApprovals)
    .innerJoin(users, eq(users.id, transferApprovals.requestedBy))
    .where(and(eq(transferApprovals.merchantId, scope.merchantId), eq(transferApprovals.mode, scope.mode), eq(transferApprovals.status, "pending")))
    .orderBy(desc(transferApprovals.createdAt))
    .limit(100);
  return rows.map((r) => ({ ...r.a, requestedByEmail: r.email }));
}

/**
 * Another member approves (the transfer is sent, once, under its confirmed reference) or
 * rejects (nothing is sent). The requester is refused; a decided request answers 409.
 */
export async function decideApproval(
  db: Db,
  input: Scope & { id: string; decision: "approve" | "reject"; userId: string; merchantName: string; actor: Actor; reason?: string | null },
): Promise<{ approval: TransferApproval; transfer: TransferView | null }> {
  if (!isUuid(input.id)) throw notFound("No such approval request.");
  const decided = await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(transferApprovals)
      .where(and(eq(transferApprovals.id, input.id), eq(transferApprovals.merchantId, input.merchantId), eq(transferApprovals.mode, input.mode)))
      .for("update");
    if (!row) throw notFound("No such approval request.");
    if (row.status !== "pending") throw invalidState(`This transfer was already ${row.status}.`);
    if (row.requestedBy === input.userId) throw appError("FORBIDDEN", { message: "You asked for this transfer, so another member must approve it." });
    const status = input.decision === "approve" ? "approved" : "rejected";
    const [updated] = await tx
      .update(transferApprovals)
      .set({ status, decidedBy: input.userId, decidedAt: new Date(), reason: input.reason?.trim() || null })
      .where(eq(transferApprovals.id, row.id))
      .returning();
    await recordAudit(tx, {
      merchantId: input.merchantId,
      actor: input.actor,
      action: `transfer.approval_${status}`,
      targetType: "transfer_approval",
      targetId: row.id,
      changes: { status: { from: "pending", to: status } },
    });
    return updated!;
  });
  if (decided.status !== "approved") return { approval: decided, transfer: null };
  // Sent after the decision commits, under the body's own reference: a crash here leaves an
  // approved request the approver can send again (same reference, so never twice).
  const wallet = await getWalletPayId(db, input);
  if (!wallet) throw walletNotLinked();
  const body = InitiateTransferBody.parse(decided.body);
  const transfer = await initiateTransfer(db, {
    merchantId: input.merchantId,
    merchantName: input.merchantName,
    mode: input.mode,
    walletPayIdId: wallet.id,
    keyPairId: null,
    source: "dashboard",
    actor: input.actor,
    body,
  });
  const [withRef] = await db.update(transferApprovals).set({ transferReference: transfer.reference }).where(eq(transferApprovals.id, decided.id)).returning();
  return { approval: withRef!, transfer };
}
