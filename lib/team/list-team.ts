import { and, asc, desc, eq, isNull } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { DbOrTx } from "@/db/client";
import { invitations, memberships, users, type Role } from "@/db/schema";
import { invitationStatus, type InvitationStatus } from "./find-invitation";

/** `onlyOwner`: the business's one owner, who cannot be demoted, removed or leave (a business needs at least one owner). */
export type TeamMember = { userId: string; email: string; name: string | null; role: Role; joinedAt: Date; onlyOwner: boolean };
export type PendingInvitation = { id: string; email: string; role: Role; invitedBy: string | null; expiresAt: Date; createdAt: Date; status: InvitationStatus };

/** The business's members (owners first) and its invitations not yet accepted or revoked. Never a token or its hash. */
export async function listTeam(tx: DbOrTx, input: { merchantId: string; now?: Date }): Promise<{ members: TeamMember[]; invitations: PendingInvitation[] }> {
  const inviter = alias(users, "inviter");
  const [memberRows, inviteRows] = await Promise.all([
    tx
      .select({ userId: users.id, email: users.email, name: users.name, role: memberships.role, joinedAt: memberships.createdAt })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(eq(memberships.merchantId, input.merchantId))
      .orderBy(asc(memberships.createdAt)),
    tx
      .select({
        id: invitations.id,
        email: invitations.email,
        role: invitations.role,
        invitedBy: inviter.email,
        expiresAt: invitations.expiresAt,
        createdAt: invitations.createdAt,
        acceptedAt: invitations.acceptedAt,
        revokedAt: invitations.revokedAt,
      })
      .from(invitations)
      .leftJoin(inviter, eq(inviter.id, invitations.invitedByUserId))
      .where(and(eq(invitations.merchantId, input.merchantId), isNull(invitations.acceptedAt), isNull(invitations.revokedAt)))
      .orderBy(desc(invitations.createdAt))
      .limit(200),
  ]);
  const rank: Record<Role, number> = { owner: 0, developer: 1, viewer: 2 };
  const owners = memberRows.filter((m) => m.role === "owner").length;
  return {
    members: memberRows
      .sort((a, b) => rank[a.role] - rank[b.role] || a.joinedAt.getTime() - b.joinedAt.getTime())
      .map((m) => ({ ...m, onlyOwner: m.role === "owner" && owners <= 1 })),
    invitations: inviteRows.map(({ acceptedAt, revokedAt, ...r }) => ({
      ...r,
      status: invitationStatus({ acceptedAt, revokedAt, expiresAt: r.expiresAt }, input.now),
    })),
  };
}
