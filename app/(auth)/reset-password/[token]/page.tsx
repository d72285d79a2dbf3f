import type { Metadata } from "next";
import { getDb } from "@/db/client";
import { findPasswordReset } from "@/lib/users/password-reset";
import { INVALID_RESET_LINK } from "@/lib/users/reset-messages";
import { AuthNotice } from "../../auth-notice";
import { ResetPasswordForm } from "./reset-password-form";

export const metadata: Metadata = { title: "Choose a new password" };

/** The emailed link: a form for the new password while the link is usable (unused, under 30 minutes old). */
export default async function ResetPasswordPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const reset = await findPasswordReset(await getDb(), token);
  if (!reset) {
    return (
      <AuthNotice testId="reset-link-invalid" title="Link not valid" link={{ href: "/forgot-password", label: "Ask for a new link" }}>
        <p>{INVALID_RESET_LINK}</p>
      </AuthNotice>
    );
  }
  return <ResetPasswordForm token={token} email={reset.email} />;
}
