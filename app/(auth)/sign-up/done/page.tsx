import type { Metadata } from "next";
import { AuthNotice } from "../../auth-notice";

export const metadata: Metadata = { title: "Account ready" };

/** Where every sign-up lands, whether or not the email already had an account (nothing here tells). */
export default function SignUpDonePage() {
  return (
    <AuthNotice testId="sign-up-done" title="Your account is ready — sign in" link={{ href: "/sign-in", label: "Sign in" }}>
      <p>Sign in with your email address and password to continue.</p>
      <p>
        Already had an account with this address? Sign in with its password, or{" "}
        <a href="/forgot-password" className="font-medium text-accent hover:underline">
          reset it
        </a>
        .
      </p>
    </AuthNotice>
  );
}
