import type { Metadata } from "next";
import { AuthNotice } from "../../auth-notice";

export const metadata: Metadata = { title: "Password changed" };

export default function ResetPasswordDonePage() {
  return (
    <AuthNotice testId="reset-done" title="Your password has been changed" link={{ href: "/sign-in", label: "Sign in" }}>
      <p>Sign in with your new password. Every other session of your account has been signed out.</p>
    </AuthNotice>
  );
}
