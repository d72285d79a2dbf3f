import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { memberships } from "@/db/schema";
import { recordAudit, type Actor } from "@/lib/audit/record-audit";
import { AppError, notFound } from "@/lib/errors";
import { emailOf } from "./change-member-role";
import { lockMembership, lockOwners, requireOwner } from "./owners";
import { lastOwner } from "./team-errors";

/** An owner removes a member; the last owner cannot be removed. */
export async function removeMember(db: Db, input: { merchantId: string; actor: Actor; userId: string }): Promise<{ userId: string }> {
  return db.transaction(async (tx) => {
    const owners = await requireOwner(tx, input.merchantId, input.actor);
    const current = await lockMembership(tx, input.merchantId, input.userId);
    if (!current) throw notFound("Member not found.");
    if (current === "owner" && owners.length <= 1) throw lastOwner();
    const email = await emailOf(tx, input.userId);
    await tx.delete(memberships).where(and(eq(memberships.merchantId, input.merchantId), eq(memberships.userId, input.userId)));
    const self = input.userId === input.actor.userId;
    await recordAudit(tx, {
      merchantId: input.merchantId,
      actor: input.actor,
      action: self ? "member.left" : "member.removed",
      targetType: "user",
      targetId: input.userId,
      changes: { email: { to: email }, role: { from: current, to: null } },
    });
    return { userId: input.userId };
  });
}

/** A member leaves the business; the last owner cannot leave. */
export async function leaveBusiness(db: Db, input: { merchantId: string; actor: Actor }): Promise<{ merchantId: string }> {
  const userId = input.actor.userId;
  if (input.actor.type !== "user" || !userId) throw new AppError({ code: "UNAUTHENTICATED", status: 401, message: "Please sign in again." });
  return db.transaction(async (tx) => {
    const owners = await lockOwners(tx, input.merchantId);
    const current = await lockMembership(tx, input.merchantId, userId);
    if (!current) throw notFound("You are not a member of this business.");
    if (current === "owner" && owners.length <= 1) throw lastOwner();
    const email = await emailOf(tx, userId);
    await tx.delete(memberships).where(and(eq(memberships.merchantId, input.merchantId), eq(memberships.userId, userId)));
    await recordAudit(tx, {
      merchantId: input.merchantId,
      actor: input.actor,
      action: "member.left",
      targetType: "user",
      targetId: userId,
      changes: { email: { to: email }, role: { from: current, to: null } },
    });
    return { merchantId: input.merchantId };
  });
}
