import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { getDb } from "@/db/client";
import { Card } from "@/components/ui/card";
import { auth } from "@/lib/auth/auth";
import { alreadyMemberMessage, CLOSED_MESSAGES, INVALID_LINK_MESSAGE, wrongAccountMessage } from "@/lib/team/accept-invitation";
import { invitationForVisitor } from "@/lib/team/invitation-for-visitor";
import { inviteSignOutAction } from "./actions";
import { AcceptForm, InviteSignInForm, InviteSignUpForm } from "./invite-forms";

export const metadata: Metadata = { title: "Invitation" };

function Notice({ status, children }: { status: string; children: React.ReactNode }) {
  return (
    <p
      data-testid="invite-status"
      data-status={status}
      className="rounded-md border border-neutral-200 bg-neutral-50 p-3 text-sm text-neutral-700 dark:border-neutral-800 dark:bg-neutral-900 dark:text-neutral-300"
    >
      {children}
    </p>
  );
}

export default async function InvitePage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const session = await auth();
  const visit = await invitationForVisitor(await getDb(), { token, userId: session?.user?.id ?? null });
  if (visit.kind === "invalid") {
    return (
      <Card className="space-y-4">
        <h1 className="text-lg font-semibold">Invitation</h1>
        <Notice status="invalid">{INVALID_LINK_MESSAGE}</Notice>
        <p className="text-center text-sm">
          <Link href="/sign-in" className="font-medium text-accent hover:underline">
            Go to sign in
          </Link>
        </p>
      </Card>
    );
  }
  const { inv } = visit;

  const heading = (
    <div className="space-y-1">
      <h1 className="text-lg font-semibold">
        Join <span data-testid="invite-business">{inv.businessName}</span>
      </h1>
      <p className="text-sm text-neutral-600 dark:text-neutral-400">
        You are invited as{" "}
        <b className="capitalize" data-testid="invite-role">
          {inv.role}
        </b>
        , with the email <b data-testid="invite-email">{inv.email}</b>.
      </p>
    </div>
  );

  switch (visit.kind) {
    case "closed":
      return (
        <Card className="space-y-4">
          {heading}
          <Notice status={visit.inv.status}>{CLOSED_MESSAGES[visit.inv.status]}</Notice>
          <p className="text-center text-sm">
            <Link href={visit.signedIn ? "/dashboard" : "/sign-in"} className="font-medium text-accent hover:underline">
              {visit.signedIn ? "Go to your dashboard" : "Go to sign in"}
            </Link>
          </p>
        </Card>
      );
    case "wrong_account":
      return (
        <Card className="space-y-4">
          {heading}
          <Notice status="wrong_account">{wrongAccountMessage(inv.email, visit.signedInEmail)}</Notice>
          <form action={inviteSignOutAction}>
            <input type="hidden" name="token" value={token} />
            <button
              type="submit"
              className="h-9 w-full rounded-md bg-accent px-4 text-sm font-medium text-white hover:bg-accent-hover"
              data-testid="invite-sign-out"
            >
              Sign out and continue as {inv.email}
            </button>
          </form>
        </Card>
      );
    case "already_member":
      return (
        <Card className="space-y-4">
          {heading}
          <Notice status="already_member">
            {alreadyMemberMessage(inv.businessName)} Your role there is {visit.role}.
          </Notice>
          <p className="text-center text-sm">
            <Link href="/dashboard" className="font-medium text-accent hover:underline">
              Go to your dashboard
            </Link>
          </p>
        </Card>
      );
    default:
      return (
        <Card className="space-y-4">
          {heading}
          {visit.kind === "accept" ? (
            <AcceptForm token={token} businessName={inv.businessName} />
          ) : visit.kind === "sign_in" ? (
            <InviteSignInForm token={token} email={inv.email} />
          ) : (
            <InviteSignUpForm token={token} email={inv.email} />
          )}
        </Card>
      );
  }
}
