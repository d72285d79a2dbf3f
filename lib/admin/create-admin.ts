import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { users } from "@/db/schema";
import { recordAudit, type Actor } from "@/lib/audit/record-audit";
import { hashPassword } from "@/lib/auth/password";
import { findUserByEmail, insertUser } from "@/lib/users/create-user";
import { Email, Password } from "@/lib/users/user-input";
import { parseOrThrow } from "@/lib/validation";

const CreateAdminInput = z.object({ email: Email, password: Password });

/** A platform admin. An existing user with that email is promoted and given the password. */
export async function createAdmin(
  db: Db,
  input: { email: string; password: string; actor: Actor },
): Promise<{ id: string; email: string }> {
  const data = parseOrThrow(CreateAdminInput, input);
  return db.transaction(async (tx) => {
    const existing = await findUserByEmail(tx, data.email);
    const user = existing
      ? (await tx
          .update(users)
          .set({ isAdmin: true, passwordHash: await hashPassword(data.password) })
          .where(eq(users.id, existing.id))
          .returning())[0]!
      : await insertUser(tx, { email: data.email, password: data.password, isAdmin: true });
    await recordAudit(tx, { merchantId: null, actor: input.actor, action: "admin.created", targetType: "user", targetId: user.id });
    return { id: user.id, email: user.email };
  });
}
