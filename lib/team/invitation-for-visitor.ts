import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { memberships, users, type Role } from "@/db/schema";
import { findUserByEmail } from "@/lib/users/create-user";
import { isInvitedEmail } from "./accept-invitation";
import { findInvitationByToken, type InvitationLookup } from "./find-invitation";

/**
 * What the invite page offers the person who opened a link, by the same rules acceptInvitation
 * enforces: a link that is not valid or no longer open; signed in as another email (sign out
 * first); already a member (with the role there); accept; or, signed out, sign in to the
 * invited email's account or sign up with it.
 */
export type InvitationForVisitor =
  | { kind: "invalid" }
  | { kind: "closed"; inv: InvitationLookup & { status: Exclude<InvitationLookup["status"], "pending"> }; signedIn: boolean }
  | { kind: "wrong_account"; inv: InvitationLookup; signedInEmail: string }
  | { kind: "already_member"; inv: InvitationLookup; role: Role }
  | { kind: "accept" | "sign_in" | "sign_up"; inv: InvitationLookup };

export async function invitationForVisitor(db: DbOrTx, input: { token: string; userId: string | null }): Promise<InvitationForVisitor> {
  const inv = await findInvitationByToken(db, input.token);
  if (!inv) return { kind: "invalid" };
  const [me] = input.userId ? await db.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, input.userId)) : [];
  if (inv.status !== "pending") return { kind: "closed", inv: { ...inv, status: inv.status }, signedIn: Boolean(me) };
  if (!me) return { kind: (await findUserByEmail(db, inv.email)) ? "sign_in" : "sign_up", inv };
  if (!isInvitedEmail(inv, me.email)) return { kind: "wrong_account", inv, signedInEmail: me.email };
  const [member] = await db
    .select({ role: memberships.role })
    .from(memberships)
    .where(and(eq(memberships.userId, me.id), eq(memberships.merchantId, inv.merchantId)));
  return member ? { kind: "already_member", inv, role: member.role } : { kind: "accept", inv };
}
