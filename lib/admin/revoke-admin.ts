import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { users } from "@/db/schema";
import { recordAudit, type Actor } from "@/lib/audit/record-audit";
import { notFound } from "@/lib/errors";
import { bumpSessionVersion } from "@/lib/users/session-version";
import { Email } from "@/lib/users/user-input";
import { parseOrThrow } from "@/lib/validation";

const RevokeAdminInput = z.object({ email: Email });

/**
 * A platform admin loses admin: the flag is cleared and the session version bumped, so every
 * session the user has ends on its next request (admin pages read the flag from the database
 * anyway). Audited as `admin.revoked`. Revoking a user who is not an admin changes nothing.
 */
export async function revokeAdmin(db: Db, input: { email: string; actor: Actor }): Promise<{ id: string; email: string; revoked: boolean }> {
  const { email } = parseOrThrow(RevokeAdminInput, { email: input.email });
  return db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.email, email)).for("update");
    if (!user) throw notFound("No user with that email.");
    if (!user.isAdmin) return { id: user.id, email: user.email, revoked: false };
    await tx.update(users).set({ isAdmin: false }).where(eq(users.id, user.id));
    await bumpSessionVersion(tx, user.id);
    await recordAudit(tx, { merchantId: null, actor: input.actor, action: "admin.revoked", targetType: "user", targetId: user.id });
    return { id: user.id, email: user.email, revoked: true };
  });
}
