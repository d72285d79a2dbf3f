import { z } from "zod";
import type { Db } from "@/db/client";
import type { Actor } from "@/lib/audit/record-audit";
import { generatePassword } from "./password";
import { notFound } from "@/lib/errors";
import { parseOrThrow } from "@/lib/validation";
import { findUserByEmail } from "./create-user";
import { setPassword } from "./set-password";
import { auditUserEvent } from "./user-audit";
import { Email, Password } from "./user-input";

const OperatorResetInput = z.object({ email: Email, password: Password.optional() });

/**
 * `owo user reset-password`: an operator sets a user's password (generated when not given),
 * which ends all of that user's sessions; audited as `user.password_reset` by the CLI.
 */
export async function operatorResetPassword(
  db: Db,
  input: { email: string; password?: string; actor: Actor },
): Promise<{ id: string; email: string; password: string }> {
  const data = parseOrThrow(OperatorResetInput, { email: input.email, password: input.password });
  const password = data.password ?? generatePassword();
  return db.transaction(async (tx) => {
    const user = await findUserByEmail(tx, data.email);
    if (!user) throw notFound("No user with that email.");
    await setPassword(tx, user, password);
    await auditUserEvent(tx, { userId: user.id, actor: input.actor, action: "user.password_reset", changes: { by: { to: "operator" } } });
    return { id: user.id, email: user.email, password };
  });
}
