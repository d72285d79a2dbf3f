import { CredentialsSignin } from "next-auth";
import { RECOVERY_CODE_INCORRECT, TWO_FACTOR_INCORRECT, TWO_FACTOR_REQUIRED } from "./sign-in-steps";

/**
 * The second sign-in step's outcomes, thrown from Auth.js's `authorize` as CredentialsSignin
 * subclasses (like SignInRateLimited): Auth.js hands them to the server-side `signIn` caller as
 * they are; `code` tells the sign-in form what to show (sign-in-steps.ts) and `userMessage` is
 * what it says (signInFailureMessage). Only ever thrown after the password was verified, so they
 * never reveal whether an account has two-factor on to someone without its password.
 */
export class TwoFactorRequired extends CredentialsSignin {
  code = TWO_FACTOR_REQUIRED;
  // Shown where no code can be entered (the invitation page's sign-in).
  readonly userMessage = "This account uses two-factor authentication: sign in on the sign-in page with your authentication code.";
}

export class IncorrectTwoFactorCode extends CredentialsSignin {
  code = TWO_FACTOR_INCORRECT;
  readonly userMessage = "Incorrect authentication code.";
}

export class IncorrectRecoveryCode extends CredentialsSignin {
  code = RECOVERY_CODE_INCORRECT;
  readonly userMessage = "Incorrect recovery code, or it has been used already.";
}

export function isTwoFactorRequired(err: unknown): boolean {
  return (err as { code?: unknown } | null)?.code === TWO_FACTOR_REQUIRED;
}
