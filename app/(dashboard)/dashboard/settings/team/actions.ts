"use server";

import { cookies } from "next/headers";
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { merchantAction } from "@/lib/actions/safe-action";
import { MERCHANT_COOKIE } from "@/lib/auth/dashboard-context";
import { requestBaseUrl } from "@/lib/http/request-base-url";
import { changeMemberRole } from "@/lib/team/change-member-role";
import { inviteMember } from "@/lib/team/invite-member";
import { leaveBusiness, removeMember } from "@/lib/team/remove-member";
import { revokeInvitation } from "@/lib/team/revoke-invitation";

// The page hides these controls from non-owners; the commands check the owner role again in
// the database, under the lock that keeps the last-owner rule.
const PATH = "/dashboard/settings/team";
const Member = z.object({ userId: z.string().uuid() });

export const inviteMemberAction = merchantAction("manageTeam")
  .inputSchema(z.object({ email: z.string().max(320), role: z.string().max(20) }))
  .action(async ({ parsedInput, ctx }) => {
    const res = await inviteMember(ctx.db, {
      merchantId: ctx.scope.merchantId,
      actor: ctx.actor,
      email: parsedInput.email,
      role: parsedInput.role,
      baseUrl: await requestBaseUrl(),
    });
    revalidatePath(PATH);
    return { link: res.link, mail: res.mail, email: res.invitation.email, role: res.invitation.role, expiresAt: res.invitation.expiresAt.toISOString() };
  });

export const revokeInvitationAction = merchantAction("manageTeam")
  .inputSchema(z.object({ invitationId: z.string().uuid() }))
  .action(async ({ parsedInput, ctx }) => {
    await revokeInvitation(ctx.db, { merchantId: ctx.scope.merchantId, actor: ctx.actor, invitationId: parsedInput.invitationId });
    revalidatePath(PATH);
    return { revoked: true };
  });

export const changeMemberRoleAction = merchantAction("manageTeam")
  .inputSchema(Member.extend({ role: z.string().max(20) }))
  .action(async ({ parsedInput, ctx }) => {
    const res = await changeMemberRole(ctx.db, { merchantId: ctx.scope.merchantId, actor: ctx.actor, userId: parsedInput.userId, role: parsedInput.role });
    revalidatePath("/dashboard", "layout");
    return res;
  });

export const removeMemberAction = merchantAction("manageTeam")
  .inputSchema(Member)
  .action(async ({ parsedInput, ctx }) => {
    await removeMember(ctx.db, { merchantId: ctx.scope.merchantId, actor: ctx.actor, userId: parsedInput.userId });
    revalidatePath("/dashboard", "layout");
    return { removed: true };
  });

/** Any member may leave the business they are working in (not its last owner). */
export const leaveBusinessAction = merchantAction("member").action(async ({ ctx }) => {
  await leaveBusiness(ctx.db, { merchantId: ctx.scope.merchantId, actor: ctx.actor });
  (await cookies()).delete(MERCHANT_COOKIE);
  revalidatePath("/dashboard", "layout");
  return { left: true, others: ctx.memberships.filter((m) => m.merchantId !== ctx.merchant.id).length };
});
