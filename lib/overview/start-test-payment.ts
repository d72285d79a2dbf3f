import { and, desc, eq, isNull } from "drizzle-orm";
import type { Db } from "@/db/client";
import { apiKeyPairs } from "@/db/schema";
import { invalidState } from "@/lib/errors";
import { initializeSession } from "@/lib/sessions/initialize-session";
import { InitializeSessionBody } from "@/lib/sessions/session-input";
import { parseOrThrow } from "@/lib/validation";

/** ₦5,000.00: what the one-click test payment asks for. */
export const TEST_PAYMENT_KOBO = 500_000;

/**
 * "Make a test payment" on Home's checklist: a real test-mode checkout session, created with the
 * merchant's newest test key exactly as POST /v1/checkout/session/initialize would, for the
 * merchant to pay on its hosted page (/pay/<id>) with the sandbox's "Simulate payment"; the page
 * then returns to `returnUrl` (Home). Refused until a test key exists (the checklist's first step).
 */
export async function startTestPayment(db: Db, input: { merchantId: string; merchantName: string; email: string; baseUrl: string; returnUrl: string }) {
  const [key] = await db
    .select()
    .from(apiKeyPairs)
    .where(and(eq(apiKeyPairs.merchantId, input.merchantId), eq(apiKeyPairs.mode, "test"), isNull(apiKeyPairs.revokedAt)))
    .orderBy(desc(apiKeyPairs.createdAt))
    .limit(1);
  if (!key) throw invalidState("Create your test API keys first: a test payment goes through a checkout session made with one.");
  const body = parseOrThrow(InitializeSessionBody, {
    amount: TEST_PAYMENT_KOBO,
    email: input.email,
    customer_name: "Test customer",
    callback_url: input.returnUrl,
    metadata: { source: "get_started" },
  });
  const session = await initializeSession(db, {
    owner: { merchantId: input.merchantId, mode: "test", keyPairId: key.id },
    merchantName: input.merchantName,
    key,
    baseUrl: input.baseUrl,
    body,
  });
  return { sessionId: session.session_id };
}
