import { and, eq, gt, isNull } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { invitations, memberships, merchants, ROLES, users, type Role } from "@/db/schema";
import { recordAudit, type Actor } from "@/lib/audit/record-audit";
import { Email } from "@/lib/users/user-input";
import { parseOrThrow } from "@/lib/validation";
import { hashInvitationToken, invitationLink, INVITATION_TTL_MS, newInvitationToken } from "@/lib/users/invitation-token";
import { sendInvitationMail, smtpConfigured, type MailResult } from "./invitation-mail";
import { requireOwner } from "./owners";
import { conflict } from "./team-errors";

export const InviteInput = z.object({
  email: Email,
  role: z.enum(ROLES, { error: "role must be owner, developer or viewer" }),
});

export type InvitationView = {
  id: string;
  email: string;
  role: Role;
  expiresAt: Date;
  createdAt: Date;
};

export type InviteResult = {
  invitation: InvitationView;
  /** The one-time link: shown to the owner once; only its token's SHA-256 is stored. */
  link: string;
  /** "sent" when SMTP delivered it, "not_configured" without SMTP_URL, "failed" when SMTP refused. */
  mail: MailResult;
};

/**
 * An owner invites someone by email to the business with a role. The link's token is shown
 * once; an open invitation for the same email is revoked (its link stops working).
 */
export async function inviteMember(
  db: Db,
  input: { merchantId: string; actor: Actor; email: string; role: string; baseUrl: string; now?: Date },
): Promise<InviteResult> {
  const data = parseOrThrow(InviteInput, { email: input.email, role: input.role });
  const now = input.now ?? new Date();
  const token = newInvitationToken();
  const { invitation, businessName } = await db.transaction(async (tx) => {
    await requireOwner(tx, input.merchantId, input.actor);
    const [member] = await tx
      .select({ userId: memberships.userId })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(and(eq(memberships.merchantId, input.merchantId), eq(users.email, data.email)));
    if (member) throw conflict("This person is already a member of this business.");

    const replaced = await tx
      .update(invitations)
      .set({ revokedAt: now })
      .where(
        and(
          eq(invitations.merchantId, input.merchantId),
          eq(invitations.email, data.email),
          isNull(invitations.acceptedAt),
          isNull(invitations.revokedAt),
          gt(invitations.expiresAt, now),
        ),
      )
      .returning({ id: invitations.id });
    for (const old of replaced) {
      await recordAudit(tx, {
        merchantId: input.merchantId,
        actor: input.actor,
        action: "invitation.revoked",
        targetType: "invitation",
        targetId: old.id,
        changes: { email: { to: data.email }, revoked_at: { from: null, to: now.toISOString() }, reason: { to: "replaced by a new invitation" } },
      });
    }

    const [row] = await tx
      .insert(invitations)
      .values({
        merchantId: input.merchantId,
        email: data.email,
        role: data.role,
        tokenHash: hashInvitationToken(token),
        invitedByUserId: input.actor.userId ?? null,
        expiresAt: new Date(now.getTime() + INVITATION_TTL_MS),
      })
      .returning();
    await recordAudit(tx, {
      merchantId: input.merchantId,
      actor: input.actor,
      action: "member.invited",
      targetType: "invitation",
      targetId: row!.id,
      changes: { email: { to: data.email }, role: { to: data.role }, expires_at: { to: row!.expiresAt.toISOString() } },
    });
    const [merchant] = await tx.select({ name: merchants.name }).from(merchants).where(eq(merchants.id, input.merchantId));
    return { invitation: row!, businessName: merchant?.name ?? "" };
  });

  const link = invitationLink(input.baseUrl, token);
  const mail = smtpConfigured()
    ? await sendInvitationMail({ to: invitation.email, businessName, role: invitation.role, link, expiresAt: invitation.expiresAt })
    : "not_configured";
  return {
    invitation: { id: invitation.id, email: invitation.email, role: invitation.role, expiresAt: invitation.expiresAt, createdAt: invitation.createdAt },
    link,
    mail,
  };
}
