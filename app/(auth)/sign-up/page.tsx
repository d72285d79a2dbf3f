import type { Metadata } from "next";
import { connection } from "next/server";
import { signUpMode, SIGN_UP_MESSAGES } from "@/lib/users/sign-up-mode";
import { AuthNotice } from "../auth-notice";
import { SignUpForm } from "./sign-up-form";

export const metadata: Metadata = { title: "Create an account" };

/** The form when OWO_SIGNUP is open; otherwise what applies (invitation only, or closed). The action refuses too. */
export default async function SignUpPage() {
  await connection(); // the mode is read at request time, from the running server's environment
  const mode = signUpMode();
  if (mode === "open") return <SignUpForm />;
  return (
    <AuthNotice
      testId={`sign-up-${mode}`}
      title={mode === "invite" ? "Sign-up is by invitation" : "Sign-up is closed"}
      link={{ href: "/sign-in", label: "Sign in" }}
    >
      <p>{SIGN_UP_MESSAGES[mode]}</p>
    </AuthNotice>
  );
}
