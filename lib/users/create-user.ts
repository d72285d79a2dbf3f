import { eq } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { users, type User } from "@/db/schema";
import { hashPassword } from "./password";
import { appError } from "@/lib/errors";

export async function findUserByEmail(tx: DbOrTx, email: string): Promise<User | null> {
  const rows = await tx.select().from(users).where(eq(users.email, email.trim().toLowerCase())).limit(1);
  return rows[0] ?? null;
}

/** Creates a user with an argon2id password hash; an email already registered is a 409. */
export async function insertUser(tx: DbOrTx, input: { email: string; password: string; name?: string | null; isAdmin?: boolean }): Promise<User> {
  const passwordHash = await hashPassword(input.password);
  const rows = await tx
    .insert(users)
    .values({ email: input.email.trim().toLowerCase(), name: input.name ?? null, passwordHash, isAdmin: input.isAdmin ?? false })
    .onConflictDoNothing({ target: users.email })
    .returning();
  if (!rows[0]) throw appError("CONFLICT", { message: "An account with this email already exists." });
  return rows[0];
}
