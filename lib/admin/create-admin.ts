import { z } from "zod";
import type { Db } from "@/db/client";
import { recordAudit, type Actor } from "@/lib/audit/record-audit";
import { appError } from "@/lib/errors";
import { findUserByEmail, insertUser } from "@/lib/users/create-user";
import { Email, Password } from "@/lib/users/user-input";
import { parseOrThrow } from "@/lib/validation";

const CreateAdminInput = z.object({ email: Email, password: Password });

/**
 * A new platform admin account (`owo admin create`, the first admin of a deployment). An email
 * that already has an account is refused: this never promotes an existing user nor resets
 * their password, so nothing can take over an account by (re)running it.
 */
export async function createAdmin(db: Db, input: { email: string; password: string; actor: Actor }): Promise<{ id: string; email: string }> {
  const data = parseOrThrow(CreateAdminInput, input);
  return db.transaction(async (tx) => {
    if (await findUserByEmail(tx, data.email)) {
      throw appError("CONFLICT", {
        message: `An account with the email ${data.email} already exists: admin create makes a new account and never promotes or changes an existing one.`,
      });
    }
    const user = await insertUser(tx, { email: data.email, password: data.password, isAdmin: true });
    await recordAudit(tx, { merchantId: null, actor: input.actor, action: "admin.created", targetType: "user", targetId: user.id });
    return { id: user.id, email: user.email };
  });
}
