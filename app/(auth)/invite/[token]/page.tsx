import { and, eq } from "drizzle-orm";
import type { Metadata } from "next";
import Link from "next/link";
import { getDb } from "@/db/client";
import { memberships, users } from "@/db/schema";
import { Card } from "@/components/ui/card";
import { auth } from "@/lib/auth/auth";
import { alreadyMemberMessage, CLOSED_MESSAGES, INVALID_LINK_MESSAGE, wrongAccountMessage } from "@/lib/team/accept-invitation";
import { findInvitationByToken } from "@/lib/team/find-invitation";
import { findUserByEmail } from "@/lib/users/create-user";
import { inviteSignOutAction } from "./actions";
import { AcceptForm, InviteSignInForm, InviteSignUpForm } from "./invite-forms";

export const metadata: Metadata = { title: "Invitation" };

function Notice({ status, children }: { status: string; children: React.ReactNode }) {
  return (
    <p data-testid="invite-status" data-status={status} className="rounded-md border border-neutral-200 bg-neutral-50 p-3 text-sm text-neutral-700 dark:border-neutral-800 dark:bg-neutral-900 dark:text-neutral-300">
      {children}
    </p>
  );
}

export default async function InvitePage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const db = await getDb();
  const inv = await findInvitationByToken(db, token);
  if (!inv) {
    return (
      <Card className="space-y-4">
        <h1 className="text-lg font-semibold">Invitation</h1>
        <Notice status="invalid">{INVALID_LINK_MESSAGE}</Notice>
        <p className="text-center text-sm"><Link href="/sign-in" className="font-medium text-accent hover:underline">Go to sign in</Link></p>
      </Card>
    );
  }

  const session = await auth();
  const [me] = session?.user?.id ? await db.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, session.user.id)) : [];

  const heading = (
    <div className="space-y-1">
      <h1 className="text-lg font-semibold">
        Join <span data-testid="invite-business">{inv.businessName}</span>
      </h1>
      <p className="text-sm text-neutral-600 dark:text-neutral-400">
        You are invited as <b className="capitalize" data-testid="invite-role">{inv.role}</b>, with the email <b data-testid="invite-email">{inv.email}</b>.
      </p>
    </div>
  );

  if (inv.status !== "pending") {
    return (
      <Card className="space-y-4">
        {heading}
        <Notice status={inv.status}>{CLOSED_MESSAGES[inv.status]}</Notice>
        <p className="text-center text-sm"><Link href={me ? "/dashboard" : "/sign-in"} className="font-medium text-accent hover:underline">{me ? "Go to your dashboard" : "Go to sign in"}</Link></p>
      </Card>
    );
  }

  if (me) {
    if (me.email !== inv.email) {
      return (
        <Card className="space-y-4">
          {heading}
          <Notice status="wrong_account">{wrongAccountMessage(inv.email, me.email)}</Notice>
          <form action={inviteSignOutAction}>
            <input type="hidden" name="token" value={token} />
            <button type="submit" className="h-9 w-full rounded-md bg-accent px-4 text-sm font-medium text-white hover:bg-accent-hover" data-testid="invite-sign-out">
              Sign out and continue as {inv.email}
            </button>
          </form>
        </Card>
      );
    }
    const [member] = await db
      .select({ role: memberships.role })
      .from(memberships)
      .where(and(eq(memberships.userId, me.id), eq(memberships.merchantId, inv.merchantId)));
    if (member) {
      return (
        <Card className="space-y-4">
          {heading}
          <Notice status="already_member">{alreadyMemberMessage(inv.businessName)} Your role there is {member.role}.</Notice>
          <p className="text-center text-sm"><Link href="/dashboard" className="font-medium text-accent hover:underline">Go to your dashboard</Link></p>
        </Card>
      );
    }
    return (
      <Card className="space-y-4">
        {heading}
        <AcceptForm token={token} businessName={inv.businessName} />
      </Card>
    );
  }

  const hasAccount = Boolean(await findUserByEmail(db, inv.email));
  return (
    <Card className="space-y-4">
      {heading}
      {hasAccount ? <InviteSignInForm token={token} email={inv.email} /> : <InviteSignUpForm token={token} email={inv.email} />}
    </Card>
  );
}
