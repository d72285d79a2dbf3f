import type { Db } from "@/db/client";
import { findSession, type SessionOwner } from "./find-session";
import { toVerifyView, type SessionVerifyView } from "./session-views";

/** GET /v1/checkout/session/:sessionId/verify: one read; the expiry is written only when due. */
export async function verifySession(db: Db, input: { sessionId: string; owner: SessionOwner | null }): Promise<SessionVerifyView> {
  return toVerifyView(await findSession(db, input));
}
