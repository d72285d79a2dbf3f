import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { Db, DbOrTx } from "@/db/client";
import { memberships, ROLES, users, type Role } from "@/db/schema";
import { recordAudit, type Actor } from "@/lib/audit/record-audit";
import { notFound } from "@/lib/errors";
import { parseOrThrow } from "@/lib/validation";
import { lockMembership, requireOwner } from "./owners";
import { lastOwner } from "./team-errors";

const RoleInput = z.object({ role: z.enum(ROLES, { error: "role must be owner, developer or viewer" }) });

async function emailOf(tx: DbOrTx, userId: string): Promise<string | null> {
  const [u] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return u?.email ?? null;
}

/**
 * An owner changes a member's role. The last owner cannot be demoted: the owner memberships are
 * locked before they are counted, so concurrent demotions cannot leave the business ownerless.
 */
export async function changeMemberRole(
  db: Db,
  input: { merchantId: string; actor: Actor; userId: string; role: string },
): Promise<{ userId: string; role: Role; changed: boolean }> {
  const { role } = parseOrThrow(RoleInput, { role: input.role });
  return db.transaction(async (tx) => {
    const owners = await requireOwner(tx, input.merchantId, input.actor);
    const current = await lockMembership(tx, input.merchantId, input.userId);
    if (!current) throw notFound("Member not found.");
    if (current === role) return { userId: input.userId, role, changed: false };
    if (current === "owner" && owners.length <= 1) throw lastOwner();
    await tx
      .update(memberships)
      .set({ role })
      .where(and(eq(memberships.merchantId, input.merchantId), eq(memberships.userId, input.userId)));
    await recordAudit(tx, {
      merchantId: input.merchantId,
      actor: input.actor,
      action: "member.role_changed",
      targetType: "user",
      targetId: input.userId,
      changes: { email: { to: await emailOf(tx, input.userId) }, role: { from: current, to: role } },
    });
    return { userId: input.userId, role, changed: true };
  });
}

export { emailOf };
