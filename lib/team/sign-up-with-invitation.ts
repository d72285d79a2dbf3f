import { z } from "zod";
import type { Db } from "@/db/client";
import type { Actor } from "@/lib/audit/record-audit";
import { notFound } from "@/lib/errors";
import { insertUser } from "@/lib/users/create-user";
import { requireSignUpAllowed } from "@/lib/users/sign-up-mode";
import { Password } from "@/lib/users/user-input";
import { parseOrThrow } from "@/lib/validation";
import { joinThroughInvitation, openInvitationFor, INVALID_LINK_MESSAGE } from "./accept-invitation";
import { findInvitationByToken } from "./find-invitation";
import { conflict } from "./team-errors";

export const InvitedSignUpInput = z.object({
  name: z.string().trim().min(2, "name must be at least 2 characters").max(120, "name must be at most 120 characters"),
  password: Password,
});

/**
 * Someone without an account signs up through an invitation link: the account gets the
 * invited email (fixed; not chosen by the form) and joins the business with the invited role,
 * in one transaction. No business of their own is created. Refused when OWO_SIGNUP is closed.
 */
export async function signUpWithInvitation(
  db: Db,
  input: { token: string; name: string; password: string; actor: Omit<Actor, "userId">; now?: Date },
): Promise<{ email: string; merchantId: string; businessName: string }> {
  requireSignUpAllowed({ viaInvitation: true });
  const data = parseOrThrow(InvitedSignUpInput, { name: input.name, password: input.password });
  const now = input.now ?? new Date();
  return db.transaction(async (tx) => {
    const peek = await findInvitationByToken(tx, input.token, { now });
    if (!peek) throw notFound(INVALID_LINK_MESSAGE);
    const user = await insertUser(tx, { email: peek.email, password: data.password, name: data.name }).catch((err: unknown) => {
      if (err instanceof Error && /already exists/.test(err.message))
        throw conflict("An account with this email already exists: sign in to accept the invitation.");
      throw err;
    });
    const inv = await openInvitationFor(tx, input.token, user, now);
    await joinThroughInvitation(tx, inv, user.id, { ...input.actor, type: "user", userId: user.id }, now);
    return { email: user.email, merchantId: inv.merchantId, businessName: inv.businessName };
  });
}
