import { appError } from "@/lib/errors";

export type SignUpMode = "open" | "invite" | "closed";

/**
 * Who may create an account (`OWO_SIGNUP`): `open` (anyone, at /sign-up), `invite` (only
 * through an /invite/<token> link) or `closed` (nobody: operators create users with the CLI).
 * Default: open on the embedded trial (no DATABASE_URL), invite with DATABASE_URL. An
 * unrecognised value closes sign-up rather than opening it.
 */
export function signUpMode(env: Record<string, string | undefined> = process.env): SignUpMode {
  const v = env.OWO_SIGNUP?.trim().toLowerCase();
  if (!v) return env.DATABASE_URL?.trim() ? "invite" : "open";
  return v === "open" || v === "invite" ? v : "closed";
}

export const SIGN_UP_MESSAGES: Record<Exclude<SignUpMode, "open">, string> = {
  invite: "Sign-up is by invitation only: ask a business owner on Owo to invite you, then follow the link in the invitation.",
  closed: "Sign-up is closed on this Owo server: ask its operator to create your account.",
};

/** Refuses (403) an account creation the mode does not allow; `viaInvitation` for the /invite flow. */
export function requireSignUpAllowed(opts: { viaInvitation: boolean }, env: Record<string, string | undefined> = process.env): void {
  const mode = signUpMode(env);
  if (mode === "open" || (mode === "invite" && opts.viaInvitation)) return;
  throw appError("FORBIDDEN", { message: SIGN_UP_MESSAGES[mode] });
}
