import type { Db } from "@/db/client";
import { findSession, type SessionOwner } from "./find-session";
import { toGetView, type SessionGetView } from "./session-views";

/**
 * GET /v1/checkout/session/:sessionId. `merchantName` is the owning merchant's business name:
 * the caller's key already knows it (a key only sees its own merchant's sessions).
 */
export async function getSession(db: Db, input: { sessionId: string; owner: SessionOwner | null; merchantName: string | null }): Promise<SessionGetView> {
  return toGetView(await findSession(db, input), input.merchantName);
}
