import type { Metadata } from "next";
import { connection } from "next/server";
import { smtpConfigured } from "@/lib/mail/mailer";
import { NO_MAIL_MESSAGE } from "@/lib/users/no-mail-message";
import { AuthNotice } from "../auth-notice";
import { ForgotPasswordForm } from "./forgot-password-form";

export const metadata: Metadata = { title: "Forgot your password?" };

/** A reset link by email when SMTP_URL is set; otherwise the operator resets it with the CLI. */
export default async function ForgotPasswordPage() {
  await connection();
  if (smtpConfigured()) return <ForgotPasswordForm />;
  return (
    <AuthNotice testId="forgot-password-no-mail" title="Forgot your password?" link={{ href: "/sign-in", label: "Back to sign in" }}>
      <p>{NO_MAIL_MESSAGE}</p>
    </AuthNotice>
  );
}
