import type { DbOrTx } from "@/db/client";
import { insertSignInAudits } from "@/db/statements/audit-log";
import { knownIp, type Actor } from "./record-audit";

/** Who signed in, from where: the client address (lib/client-ip.ts) and the user agent. */
export function signInActor(userId: string, headers: Headers | null | undefined): Actor & { userId: string } {
  return {
    type: "user",
    userId,
    ip: knownIp(headers),
    userAgent: headers?.get("user-agent")?.slice(0, 300) || null,
  };
}

/**
 * `user.signed_in`: one audit row per business the user belongs to (so each business's log
 * shows its members' sign-ins), written in one statement. Called by Auth.js's authorize once
 * the password is verified. A user of no business (an Owo admin) gets none.
 */
export async function recordSignIn(db: DbOrTx, input: { userId: string; headers?: Headers | null }): Promise<number> {
  const actor = signInActor(input.userId, input.headers);
  return insertSignInAudits(db, { userId: actor.userId, ip: actor.ip ?? null, userAgent: actor.userAgent ?? null });
}
