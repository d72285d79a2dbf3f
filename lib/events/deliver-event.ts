import { and, count, eq, sql } from "drizzle-orm";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";
import type { Db, DbOrTx } from "@/db/client";
import { apiKeyPairs, events, webhookAttempts, type ATTEMPT_TRIGGERS, type Mode } from "@/db/schema";
import { webhookUrlProblem } from "@/lib/keys/webhook-url";
import { openSecret } from "@/lib/security/secret-box";
import { postWebhook, type PostResult } from "./post-webhook";
import { retryDelayMs } from "./retry-schedule";
import { signingSecrets, signWebhook, webhookBody } from "./sign-webhook";

export type DeliveryTrigger = (typeof ATTEMPT_TRIGGERS)[number];

export type DeliveryResult = {
  eventId: string;
  /** `skipped`: nothing to do (unknown event, or an automatic attempt on an event no longer pending). */
  outcome: "delivered" | "failed" | "no_endpoint" | "skipped";
  /** Null when no attempt was made. */
  attemptNumber: number | null;
  statusCode: number | null;
  error: string | null;
};

export const USER_AGENT = "Owo-Webhooks/1";

async function loadTarget(tx: DbOrTx, eventId: string) {
  const [row] = await tx
    .select({
      id: events.id,
      mode: events.mode,
      type: events.type,
      data: events.data,
      deliveryStatus: events.deliveryStatus,
      webhookUrl: apiKeyPairs.webhookUrl,
      webhookSecret: apiKeyPairs.webhookSecret,
      previousWebhookSecret: apiKeyPairs.previousWebhookSecret,
      webhookSecretRotatedAt: apiKeyPairs.webhookSecretRotatedAt,
    })
    .from(events)
    .innerJoin(apiKeyPairs, eq(apiKeyPairs.id, events.keyPairId))
    .where(eq(events.id, eventId))
    .limit(1);
  return row ?? null;
}

/**
 * Records one attempt (resends, tests; the engine records its automatic attempts in batches:
 * db/statements/events.ts) and moves the event on, under the event's row lock so a manual and an
 * automatic attempt finishing together both count. Success delivers; an automatic failure
 * schedules the next retry (or exhausts the event); a manual failure leaves the schedule alone.
 */
async function recordAttempt(db: Db, input: { eventId: string; trigger: DeliveryTrigger; url: string; result: PostResult }): Promise<number> {
  const { eventId, trigger, result } = input;
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ attempts: events.attempts, deliveryStatus: events.deliveryStatus })
      .from(events)
      .where(eq(events.id, eventId))
      .for("update");
    const attemptNumber = (current?.attempts ?? 0) + 1;
    const change: PgUpdateSetSource<typeof events> = { attempts: attemptNumber, lastStatusCode: result.statusCode };
    if (result.ok) {
      Object.assign(change, {
        deliveryStatus: "delivered",
        deliveredAt: sql`coalesce(${events.deliveredAt}, now())`,
        nextAttemptAt: null,
      });
    } else if (trigger === "automatic" && current?.deliveryStatus === "pending") {
      // Manual resends do not move the automatic schedule, so only automatic failures count.
      const [prior] = await tx
        .select({ n: count() })
        .from(webhookAttempts)
        .where(and(eq(webhookAttempts.eventId, eventId), eq(webhookAttempts.trigger, "automatic")));
      const delay = retryDelayMs((prior?.n ?? 0) + 1);
      Object.assign(
        change,
        delay === null ? { deliveryStatus: "exhausted", nextAttemptAt: null } : { nextAttemptAt: sql`now() + ${delay}::int * interval '1 millisecond'` },
      );
    }
    await tx.update(events).set(change).where(eq(events.id, eventId));
    await tx.insert(webhookAttempts).values({
      eventId,
      attemptNumber,
      trigger,
      url: input.url,
      statusCode: result.statusCode,
      durationMs: result.durationMs,
      responseSnippet: result.snippet,
      error: result.error,
    });
    return attemptNumber;
  });
}

/**
 * One delivery attempt of an event to its key pair's webhook URL (supplement §4): Standard
 * Webhooks headers and `x-zevpay-signature` (signWebhook), the URL re-checked at delivery
 * time, every attempt recorded. Manual attempts (resends) come through here; automatic ones
 * are the delivery engine's (delivery-engine.ts), which sends them with the same sendWebhook.
 */
export async function deliverEvent(db: Db, input: { eventId: string; trigger: DeliveryTrigger; timeoutMs?: number }): Promise<DeliveryResult> {
  const { eventId, trigger } = input;
  const none = { eventId, attemptNumber: null, statusCode: null, error: null };
  const target = await loadTarget(db, eventId);
  if (!target || (trigger === "automatic" && target.deliveryStatus !== "pending")) return { ...none, outcome: "skipped" };

  if (!target.webhookUrl) {
    if (trigger === "automatic") {
      await db
        .update(events)
        .set({ deliveryStatus: "no_endpoint", nextAttemptAt: null })
        .where(and(eq(events.id, eventId), eq(events.deliveryStatus, "pending")));
    }
    return { ...none, outcome: "no_endpoint" };
  }

  const url = target.webhookUrl;
  const result = await sendWebhook({ ...target, webhookUrl: url, timeoutMs: input.timeoutMs });
  const attemptNumber = await recordAttempt(db, { eventId, trigger, url, result });
  return {
    eventId,
    outcome: result.ok ? "delivered" : "failed",
    attemptNumber,
    statusCode: result.statusCode,
    error: result.error,
  };
}

/**
 * One signed POST of an event to its URL (the engine's automatic attempts and deliverEvent's
 * both): the URL re-checked first (DNS may have changed since it was saved), then the request,
 * whose connection runs the same check when it connects.
 */
export async function sendWebhook(target: {
  id: string;
  mode: Mode;
  type: string;
  data: Record<string, unknown>;
  webhookUrl: string;
  webhookSecret: string;
  previousWebhookSecret: string | null;
  webhookSecretRotatedAt: Date | null;
  timeoutMs?: number;
}): Promise<PostResult> {
  // Checked again at delivery: DNS may have changed since the URL was saved.
  const problem = await webhookUrlProblem(target.webhookUrl, target.mode);
  if (problem) return { ok: false, statusCode: null, durationMs: 0, snippet: null, error: problem };
  const now = new Date();
  const body = webhookBody(target);
  const signed = signWebhook({
    id: target.id,
    timestamp: Math.floor(now.getTime() / 1000),
    body,
    // Stored sealed: only the secrets that sign now are opened (never a previous one past its overlap).
    secrets: signingSecrets(target, now).map(openSecret),
  });
  return postWebhook({
    url: target.webhookUrl,
    body,
    mode: target.mode,
    timeoutMs: target.timeoutMs,
    headers: { "content-type": "application/json", "user-agent": USER_AGENT, ...signed },
  });
}
