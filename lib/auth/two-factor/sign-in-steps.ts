/**
 * The sign-in failure codes of the two-factor step (thrown as CredentialsSignin subclasses in
 * sign-in-errors.ts), and which form the sign-in page shows after each. Plain data: the
 * client-side form reads it too.
 */
export const TWO_FACTOR_REQUIRED = "two_factor_required";
export const TWO_FACTOR_INCORRECT = "two_factor_incorrect";
export const RECOVERY_CODE_INCORRECT = "recovery_code_incorrect";

/** After a failed sign-in with this code: ask for the authentication code ("code"), or for email and password again. */
export function signInStepAfter(code: string | undefined): "password" | "code" {
  return code === TWO_FACTOR_REQUIRED || code === TWO_FACTOR_INCORRECT || code === RECOVERY_CODE_INCORRECT ? "code" : "password";
}
