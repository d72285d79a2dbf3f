import { CredentialsSignin } from "next-auth";

/**
 * The second sign-in step's outcomes, thrown from Auth.js's `authorize` as CredentialsSignin
 * subclasses (like SignInRateLimited): Auth.js hands them to the server-side `signIn` caller as
 * they are, and `code` tells the sign-in form what to show. Only ever thrown after the password
 * was verified, so they never reveal whether an account has two-factor on to someone without it.
 */
export class TwoFactorRequired extends CredentialsSignin {
  code = "two_factor_required";
  readonly userMessage = "This account uses two-factor authentication: sign in on the sign-in page with your authentication code.";
}

export class IncorrectTwoFactorCode extends CredentialsSignin {
  code = "two_factor_incorrect";
  readonly userMessage = "Incorrect authentication code.";
}

export class IncorrectRecoveryCode extends CredentialsSignin {
  code = "recovery_code_incorrect";
  readonly userMessage = "Incorrect recovery code, or it has been used already.";
}

const SECOND_STEP_CODES = new Set(["two_factor_required", "two_factor_incorrect", "recovery_code_incorrect"]);

/** Whether a failed `signIn` (an AuthError) belongs to the second step: the form then keeps asking for a code. Brand-checked by `code` (bundles). */
export function isSecondStepFailure(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === "string" && SECOND_STEP_CODES.has(code);
}

export function isTwoFactorRequired(err: unknown): boolean {
  return (err as { code?: unknown } | null)?.code === "two_factor_required";
}
