import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { invitations } from "@/db/schema";
import { recordAudit, type Actor } from "@/lib/audit/record-audit";
import { invalidState, notFound } from "@/lib/errors";
import { requireOwner } from "./owners";

/** An owner revokes an open invitation: its link stops working. Revoking twice is harmless. */
export async function revokeInvitation(
  db: Db,
  input: { merchantId: string; actor: Actor; invitationId: string; now?: Date },
): Promise<{ id: string; revokedAt: Date }> {
  const now = input.now ?? new Date();
  return db.transaction(async (tx) => {
    await requireOwner(tx, input.merchantId, input.actor);
    const [inv] = await tx
      .select()
      .from(invitations)
      .where(and(eq(invitations.id, input.invitationId), eq(invitations.merchantId, input.merchantId)))
      .for("update");
    if (!inv) throw notFound("Invitation not found.");
    if (inv.acceptedAt) throw invalidState("This invitation has already been accepted.");
    if (inv.revokedAt) return { id: inv.id, revokedAt: inv.revokedAt };
    await tx.update(invitations).set({ revokedAt: now }).where(eq(invitations.id, inv.id));
    await recordAudit(tx, {
      merchantId: input.merchantId,
      actor: input.actor,
      action: "invitation.revoked",
      targetType: "invitation",
      targetId: inv.id,
      changes: { email: { to: inv.email }, revoked_at: { from: null, to: now.toISOString() } },
    });
    return { id: inv.id, revokedAt: now };
  });
}
