import type { Metadata } from "next";
import { connection } from "next/server";
import { mailLinkBaseUrl } from "@/lib/http/request-base-url";
import { OPERATOR_RESET_COMMAND } from "@/lib/users/no-mail-message";
import { resetLinkBase } from "@/lib/users/password-reset";
import { AuthNotice } from "../auth-notice";
import { ForgotPasswordForm } from "./forgot-password-form";

export const metadata: Metadata = { title: "Forgot your password?" };

/** A reset link by email when SMTP_URL (and, with DATABASE_URL, APP_URL) is set; otherwise the operator resets it with the CLI. */
export default async function ForgotPasswordPage() {
  await connection();
  // Emailed links need SMTP and an address they may point at (APP_URL on a real deployment).
  if (resetLinkBase(await mailLinkBaseUrl())) return <ForgotPasswordForm />;
  return (
    <AuthNotice testId="forgot-password-no-mail" title="Forgot your password?" link={{ href: "/sign-in", label: "Back to sign in" }}>
      <p>
        This Owo server cannot send email, so passwords are reset by its operator: ask them to run{" "}
        <code className="break-all rounded bg-neutral-100 px-1 py-0.5 font-mono text-xs">{OPERATOR_RESET_COMMAND}</code>.
      </p>
    </AuthNotice>
  );
}
