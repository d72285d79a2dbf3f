import { z } from "zod";
import type { Db } from "@/db/client";
import { MERCHANT_TYPES } from "@/db/schema";
import type { Actor } from "@/lib/audit/record-audit";
import { hashPassword } from "@/lib/users/password";
import { sendMail, type MailResult } from "@/lib/mail/mailer";
import { countAttempt, SIGN_UP_LIMITS } from "@/lib/users/attempt-limits";
import { findUserByEmail } from "@/lib/users/create-user";
import { requireSignUpAllowed } from "@/lib/users/sign-up-mode";
import { Email, Password } from "@/lib/users/user-input";
import { parseOrThrow } from "@/lib/validation";
import { createMerchant } from "./create-merchant";

export const SignUpInput = z.object({
  type: z.enum(MERCHANT_TYPES, { error: "type must be business or personal" }),
  businessName: z.string().trim().min(2, "businessName must be at least 2 characters").max(120, "businessName must be at most 120 characters"),
  name: z.string().trim().min(2, "name must be at least 2 characters").max(120, "name must be at most 120 characters"),
  email: Email,
  password: Password,
});

/**
 * A person signs up: their business (or personal account), themselves as its owner, wallet
 * PayIDs. Refused unless OWO_SIGNUP is open (lib/users/sign-up-mode.ts); counted per email and
 * per client IP before any hashing (lib/users/attempt-limits.ts). Whether the email already has
 * an account is not told: for one that has, nothing is created (a password is still hashed, for
 * the same timing) and `deliver` mails its owner a warning. The caller answers the same either
 * way (sign in next) and may run `deliver` after responding.
 */
export async function signUp(
  db: Db,
  input: z.input<typeof SignUpInput> & { actor: Actor; ip: string; baseUrl: string | null },
): Promise<{ created: boolean; deliver: () => Promise<MailResult | null> }> {
  requireSignUpAllowed({ viaInvitation: false });
  const data = parseOrThrow(SignUpInput, input);
  await countAttempt(db, SIGN_UP_LIMITS, { email: data.email, ip: input.ip });
  const existing = await findUserByEmail(db, data.email);
  if (!existing) {
    try {
      await createMerchant(db, {
        name: data.businessName,
        type: data.type,
        email: data.email,
        password: data.password,
        ownerName: data.name,
        actor: input.actor,
        activated: false,
      });
      return { created: true, deliver: async () => null };
    } catch (err) {
      // Lost a race with another sign-up for the same email: answered like any existing email.
      if (!(err instanceof Error && /already exists/.test(err.message))) throw err;
    }
  } else {
    await hashPassword(data.password);
  }
  return { created: false, deliver: () => mailAccountExists(data.email, input.baseUrl) };
}

/** baseUrl: where the mail's link may point (mailLinkBase), or null for a mail without a link. */
function mailAccountExists(to: string, baseUrl: string | null): Promise<MailResult> {
  const text = [
    "Someone tried to create an Owo account with your email address, which already has one.",
    "",
    baseUrl
      ? `If it was you, sign in, or reset your password if you have forgotten it: ${baseUrl.replace(/\/+$/, "")}/forgot-password`
      : 'If it was you, sign in, or use "Forgot your password?" on the sign-in page.',
    "",
    "If it was not you, you can ignore this email: nothing was changed.",
  ].join("\n");
  return sendMail({ to, subject: "Someone tried to sign up with your address", text, purpose: "sign-up notice" });
}
