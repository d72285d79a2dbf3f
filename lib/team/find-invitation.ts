import { eq } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { invitations, merchants, type Invitation } from "@/db/schema";
import { hashInvitationToken, isInvitationTokenShape } from "@/lib/users/invitation-token";

export type InvitationStatus = "pending" | "expired" | "accepted" | "revoked";

export function invitationStatus(inv: Pick<Invitation, "acceptedAt" | "revokedAt" | "expiresAt">, now = new Date()): InvitationStatus {
  if (inv.acceptedAt) return "accepted";
  if (inv.revokedAt) return "revoked";
  if (inv.expiresAt.getTime() <= now.getTime()) return "expired";
  return "pending";
}

/** What the invite page shows about a link: which business, which role, for whom, and its state. */
export type InvitationLookup = {
  id: string;
  merchantId: string;
  businessName: string;
  email: string;
  role: Invitation["role"];
  expiresAt: Date;
  status: InvitationStatus;
};

/** Finds an invitation by the token in its link (by the token's hash); null when no such link. */
export async function findInvitationByToken(tx: DbOrTx, token: string, opts: { now?: Date; lock?: boolean } = {}): Promise<InvitationLookup | null> {
  if (!isInvitationTokenShape(token)) return null;
  const q = tx
    .select({ inv: invitations, businessName: merchants.name })
    .from(invitations)
    .innerJoin(merchants, eq(merchants.id, invitations.merchantId))
    .where(eq(invitations.tokenHash, hashInvitationToken(token)));
  const rows = opts.lock ? await q.for("update", { of: invitations }) : await q;
  const row = rows[0];
  if (!row) return null;
  return {
    id: row.inv.id,
    merchantId: row.inv.merchantId,
    businessName: row.businessName,
    email: row.inv.email,
    role: row.inv.role,
    expiresAt: row.inv.expiresAt,
    status: invitationStatus(row.inv, opts.now),
  };
}
