import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getDashboardContext } from "@/lib/auth/dashboard-context";
import { rolePolicy } from "@/lib/auth/role-policy";
import { listTeam } from "@/lib/team/list-team";
import { InviteForm } from "./invite-form";
import { InvitationList } from "./invitation-list";
import { LeaveBusiness } from "./leave-business";
import { MemberList } from "./member-list";

export const metadata: Metadata = { title: "Team" };

export default async function TeamPage() {
  const ctx = await getDashboardContext();
  if (!ctx) redirect("/sign-in");
  const team = await listTeam(ctx.db, { merchantId: ctx.merchant.id });
  const canManage = rolePolicy.manageTeam(ctx.role);
  const lastOwner = team.members.some((m) => m.userId === ctx.user.id && m.onlyOwner);
  return (
    <div className="space-y-8">
      <div>
        <h1 className="text-xl font-semibold">Team</h1>
        <p className="text-sm text-neutral-500">
          Who can work in {ctx.merchant.name}, and what they may do. Owners manage the team, settlement and live keys; developers work with API keys and
          webhooks in test mode and create receivables; viewers only read.
        </p>
        {!canManage && (
          <p className="mt-2 rounded-md bg-neutral-100 p-3 text-sm text-neutral-600 dark:bg-neutral-800 dark:text-neutral-300" data-testid="team-readonly-hint">
            Your role ({ctx.role}) can&apos;t invite, change or remove members: ask an owner.
          </p>
        )}
      </div>

      {canManage && <InviteForm />}

      <section className="space-y-3">
        <h2 className="font-medium">Members</h2>
        <MemberList
          canManage={canManage}
          currentUserId={ctx.user.id}
          members={team.members.map((m) => ({
            userId: m.userId,
            email: m.email,
            name: m.name,
            role: m.role,
            onlyOwner: m.onlyOwner,
            joinedAt: m.joinedAt.toISOString(),
          }))}
        />
      </section>

      {canManage && (
        <section className="space-y-3">
          <h2 className="font-medium">Pending invitations</h2>
          <InvitationList
            invitations={team.invitations.map((i) => ({
              id: i.id,
              email: i.email,
              role: i.role,
              invitedBy: i.invitedBy,
              status: i.status,
              expiresAt: i.expiresAt.toISOString(),
            }))}
          />
        </section>
      )}

      <section className="space-y-3">
        <h2 className="font-medium">Leave {ctx.merchant.name}</h2>
        <LeaveBusiness businessName={ctx.merchant.name} lastOwner={lastOwner} />
      </section>
    </div>
  );
}
