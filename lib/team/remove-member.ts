import { and, eq } from "drizzle-orm";
import type { Db, DbOrTx } from "@/db/client";
import { memberships } from "@/db/schema";
import { recordAudit, type Actor } from "@/lib/audit/record-audit";
import { appError, notFound } from "@/lib/errors";
import { bumpSessionVersion } from "@/lib/users/session-version";
import { emailOf } from "./change-member-role";
import { lockMembership, lockOwners, requireOwner } from "./owners";
import { lastOwner } from "./team-errors";

/** An owner removes a member; the last owner cannot be removed. */
export async function removeMember(db: Db, input: { merchantId: string; actor: Actor; userId: string }): Promise<{ userId: string }> {
  return db.transaction(async (tx) => {
    const owners = await requireOwner(tx, input.merchantId, input.actor);
    await dropMembership(tx, input, owners, "Member not found.");
    return { userId: input.userId };
  });
}

/** A member leaves the business; the last owner cannot leave. */
export async function leaveBusiness(db: Db, input: { merchantId: string; actor: Actor }): Promise<{ merchantId: string }> {
  const userId = input.actor.userId;
  if (input.actor.type !== "user" || !userId) throw appError("UNAUTHENTICATED");
  return db.transaction(async (tx) => {
    const owners = await lockOwners(tx, input.merchantId);
    await dropMembership(tx, { ...input, userId }, owners, "You are not a member of this business.");
    return { merchantId: input.merchantId };
  });
}

/**
 * Deletes a membership (locked first; `owners` already locked) and audits it: `member.left`
 * when the actor is the member, else `member.removed`. The last owner cannot go. A removed
 * member's sessions end (session version bumped); one who leaves keeps their own session.
 */
async function dropMembership(tx: DbOrTx, input: { merchantId: string; actor: Actor; userId: string }, owners: string[], notMember: string): Promise<void> {
  const current = await lockMembership(tx, input.merchantId, input.userId);
  if (!current) throw notFound(notMember);
  if (current === "owner" && owners.length <= 1) throw lastOwner();
  const email = await emailOf(tx, input.userId);
  await tx.delete(memberships).where(and(eq(memberships.merchantId, input.merchantId), eq(memberships.userId, input.userId)));
  if (input.userId !== input.actor.userId) await bumpSessionVersion(tx, input.userId);
  await recordAudit(tx, {
    merchantId: input.merchantId,
    actor: input.actor,
    action: input.userId === input.actor.userId ? "member.left" : "member.removed",
    targetType: "user",
    targetId: input.userId,
    changes: { email: { to: email }, role: { from: current, to: null } },
  });
}
