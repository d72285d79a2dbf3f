import type { Metadata } from "next";
import { connection } from "next/server";
import { mailLinkBaseUrl } from "@/lib/http/request-base-url";
import { NO_MAIL_MESSAGE } from "@/lib/users/no-mail-message";
import { resetLinkBase } from "@/lib/users/password-reset";
import { AuthNotice } from "../auth-notice";
import { ForgotPasswordForm } from "./forgot-password-form";

export const metadata: Metadata = { title: "Forgot your password?" };

/** A reset link by email when SMTP_URL (and, with DATABASE_URL, APP_URL) is set; otherwise it says to ask the operator, who resets it (owo user reset-password). */
export default async function ForgotPasswordPage() {
  await connection();
  // Emailed links need SMTP and an address they may point at (APP_URL on a real deployment).
  if (resetLinkBase(await mailLinkBaseUrl())) return <ForgotPasswordForm />;
  return (
    <AuthNotice testId="forgot-password-no-mail" title="Forgot your password?" link={{ href: "/sign-in", label: "Back to sign in" }}>
      <p>{NO_MAIL_MESSAGE}</p>
    </AuthNotice>
  );
}
