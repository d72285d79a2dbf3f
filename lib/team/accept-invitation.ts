import { eq } from "drizzle-orm";
import type { Db, DbOrTx } from "@/db/client";
import { invitations, memberships, users } from "@/db/schema";
import { recordAudit, type Actor } from "@/lib/audit/record-audit";
import { appError, invalidState, notFound } from "@/lib/errors";
import { findInvitationByToken, type InvitationLookup, type InvitationStatus } from "./find-invitation";
import { conflict } from "./team-errors";

export const INVALID_LINK_MESSAGE = "This invitation link is not valid. Ask the business owner for a new one.";

/** The message for a link that can no longer be used. */
export const CLOSED_MESSAGES: Record<Exclude<InvitationStatus, "pending">, string> = {
  expired: "This invitation has expired. Ask the business owner for a new one.",
  accepted: "This invitation has already been used.",
  revoked: "This invitation was revoked. Ask the business owner for a new one.",
};

export function wrongAccountMessage(invitedEmail: string, signedInEmail: string): string {
  return `This invitation is for ${invitedEmail}, but you are signed in as ${signedInEmail}. Sign out and continue with ${invitedEmail}.`;
}

export const alreadyMemberMessage = (businessName: string) => `You are already a member of ${businessName}.`;

/** Only the invited email may use a link. */
export const isInvitedEmail = (inv: Pick<InvitationLookup, "email">, email: string) => inv.email === email.trim().toLowerCase();

/** Locks and checks a link for the user accepting it; throws the clear reason it cannot be used. */
export async function openInvitationFor(tx: DbOrTx, token: string, user: { id: string; email: string }, now: Date): Promise<InvitationLookup> {
  const inv = await findInvitationByToken(tx, token, { now, lock: true });
  if (!inv) throw notFound(INVALID_LINK_MESSAGE);
  if (inv.status !== "pending") throw invalidState(CLOSED_MESSAGES[inv.status]);
  if (!isInvitedEmail(inv, user.email)) {
    throw appError("FORBIDDEN", { message: wrongAccountMessage(inv.email, user.email) });
  }
  return inv;
}

/** Marks the invitation used, creates the membership with its role and records it, in `tx`. */
export async function joinThroughInvitation(tx: DbOrTx, inv: InvitationLookup, userId: string, actor: Actor, now: Date): Promise<void> {
  const inserted = await tx
    .insert(memberships)
    .values({ userId, merchantId: inv.merchantId, role: inv.role })
    .onConflictDoNothing()
    .returning({ userId: memberships.userId });
  if (!inserted[0]) throw conflict(alreadyMemberMessage(inv.businessName));
  await tx.update(invitations).set({ acceptedAt: now, acceptedByUserId: userId }).where(eq(invitations.id, inv.id));
  await recordAudit(tx, {
    merchantId: inv.merchantId,
    actor,
    action: "invitation.accepted",
    targetType: "invitation",
    targetId: inv.id,
    changes: { email: { to: inv.email }, role: { to: inv.role }, accepted_at: { from: null, to: now.toISOString() } },
  });
}

/**
 * The signed-in user accepts an invitation: only the invited email, only once, only while it is
 * open, and not when already a member. Returns the business joined.
 */
export async function acceptInvitation(
  db: Db,
  input: { token: string; actor: Actor; now?: Date },
): Promise<{ merchantId: string; businessName: string; role: InvitationLookup["role"] }> {
  const now = input.now ?? new Date();
  const userId = input.actor.userId;
  if (input.actor.type !== "user" || !userId) throw appError("UNAUTHENTICATED");
  return db.transaction(async (tx) => {
    const [user] = await tx.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, userId));
    if (!user) throw appError("UNAUTHENTICATED");
    const inv = await openInvitationFor(tx, input.token, user, now);
    await joinThroughInvitation(tx, inv, user.id, input.actor, now);
    return { merchantId: inv.merchantId, businessName: inv.businessName, role: inv.role };
  });
}
