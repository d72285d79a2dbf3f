import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { CLI_ACTOR } from "@/lib/audit/record-audit";
import { rotateWebhookSecret } from "@/lib/keys/rotate-webhook-secret";
import { attemptsOf, emitCommitted, eventRow, makeDue, secondsUntilNextAttempt, waitForEvent } from "@/tests/events";
import { makeKey } from "@/tests/factories";
import { startWebhookReceiver, type WebhookReceiver } from "@/tests/webhook-receiver";
import { claimDueEvents } from "./claim-due-events";
import { deliverAfterCommit, afterCommitDeliveriesSettled } from "./deliver-after-commit";
import { deliverDueEvents } from "./deliver-due-events";
import { deliverEvent, USER_AGENT } from "./deliver-event";
import { resendEvent } from "./resend-event";

let receiver: WebhookReceiver;
let other: WebhookReceiver;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  other = await startWebhookReceiver();
});
afterAll(async () => {
  await receiver.close();
  await other.close();
});

/** A test key whose webhooks go to a fresh receiver. */
async function keyWithReceiver(respond?: Parameters<typeof startWebhookReceiver>[0]) {
  const hook = await startWebhookReceiver(respond);
  const key = await makeKey({ config: { webhookUrl: hook.url } });
  return { key, hook };
}

/** Claims the event like the scheduler does and makes its automatic attempt. */
async function attemptNow(keyPairId: string) {
  await deliverDueEvents(await getDb(), { keyPairIds: [keyPairId] });
}

describe("webhook delivery (supplement §4)", () => {
  it("delivers a Standard Webhooks request that verifies with standardwebhooks", async () => {
    const { key, hook } = await keyWithReceiver();
    try {
      const id = await emitCommitted(key, { type: "charge.success", data: { reference: "R-sig", amount: 12_345 } });
      deliverAfterCommit([id]);
      const [got] = await hook.waitFor(1);
      expect(got!.method).toBe("POST");
      expect(got!.headers["content-type"]).toBe("application/json");
      expect(got!.headers["user-agent"]).toBe(USER_AGENT);
      expect(got!.headers["webhook-id"]).toBe(id);
      expect(Math.abs(Number(got!.headers["webhook-timestamp"]) - Date.now() / 1000)).toBeLessThan(10);
      // Exactly {event, data}, with data as stored (jsonb orders keys its own way).
      expect(got!.body).toBe(JSON.stringify({ event: "charge.success", data: (await eventRow(id))!.data }));
      expect(JSON.parse(got!.body)).toEqual({ event: "charge.success", data: { reference: "R-sig", amount: 12_345 } });
      const verified = new Webhook(key.webhookSecret).verify(got!.body, got!.headers as Record<string, string>);
      expect(verified).toEqual({ event: "charge.success", data: { reference: "R-sig", amount: 12_345 } });

      const row = await waitForEvent(id, (e) => e.deliveryStatus === "delivered");
      expect(row).toMatchObject({ attempts: 1, lastStatusCode: 200, nextAttemptAt: null });
      expect(row.deliveredAt).toBeInstanceOf(Date);
    } finally {
      await hook.close();
    }
  });

  it("during a secret rotation the delivery verifies with the new and with the old secret", async () => {
    const { key, hook } = await keyWithReceiver();
    try {
      const rotated = await rotateWebhookSecret(await getDb(), {
        merchantId: key.merchantId,
        mode: "test",
        keyPairId: key.keyPair.id,
        actor: CLI_ACTOR,
      });
      const id = await emitCommitted(key);
      await attemptNow(key.keyPair.id);
      const [got] = await hook.waitFor(1);
      const headers = got!.headers as Record<string, string>;
      expect(headers["webhook-signature"]!.split(" ")).toHaveLength(2);
      expect(() => new Webhook(rotated.webhookSecret).verify(got!.body, headers)).not.toThrow();
      expect(() => new Webhook(key.webhookSecret).verify(got!.body, headers)).not.toThrow();
      expect(headers["webhook-id"]).toBe(id);
    } finally {
      await hook.close();
    }
  });

  it("a receiver answering 500 then 200 gets the same webhook-id twice, and both attempts are recorded", async () => {
    const { key, hook } = await keyWithReceiver((_req, n) =>
      n === 0 ? { status: 500, body: "database is down", delayMs: 60 } : { status: 200, body: "thanks" },
    );
    try {
      const id = await emitCommitted(key);
      deliverAfterCommit([id]);
      await afterCommitDeliveriesSettled();
      const failed = await waitForEvent(id, (e) => e.attempts === 1);
      expect(failed).toMatchObject({ deliveryStatus: "pending", lastStatusCode: 500, deliveredAt: null });
      const wait = await secondsUntilNextAttempt(id);
      expect(wait).toBeGreaterThan(4.5);
      expect(wait).toBeLessThan(5.5);

      await makeDue(id); // the clock reaches the retry
      await attemptNow(key.keyPair.id);
      const row = await waitForEvent(id, (e) => e.deliveryStatus === "delivered");
      expect(row).toMatchObject({ attempts: 2, lastStatusCode: 200, nextAttemptAt: null });

      expect(hook.received.map((r) => r.headers["webhook-id"])).toEqual([id, id]);
      expect(hook.received[0]!.body).toBe(hook.received[1]!.body);
      const attempts = await attemptsOf(id);
      expect(attempts.map((a) => [a.attemptNumber, a.trigger, a.statusCode, a.responseSnippet, a.url])).toEqual([
        [1, "automatic", 500, "database is down", hook.url],
        [2, "automatic", 200, "thanks", hook.url],
      ]);
      expect(attempts[0]!.error).toMatch(/500/);
      expect(attempts[1]!.error).toBeNull();
      expect(attempts[0]!.durationMs).toBeGreaterThanOrEqual(50);
    } finally {
      await hook.close();
    }
  });

  it("keeps only the first 1024 characters of a response body", async () => {
    const { key, hook } = await keyWithReceiver(() => ({ status: 400, body: "x".repeat(100_000) }));
    try {
      const id = await emitCommitted(key);
      await attemptNow(key.keyPair.id);
      const [attempt] = await attemptsOf(id);
      expect(attempt!.statusCode).toBe(400);
      expect(attempt!.responseSnippet).toBe("x".repeat(1024));
    } finally {
      await hook.close();
    }
  });

  it("a redirect is not followed and counts as a failure", async () => {
    const { key, hook } = await keyWithReceiver(() => ({ status: 302, headers: { location: other.url } }));
    try {
      const before = other.received.length;
      const id = await emitCommitted(key);
      await attemptNow(key.keyPair.id);
      const row = await waitForEvent(id, (e) => e.attempts === 1);
      expect(row).toMatchObject({ deliveryStatus: "pending", lastStatusCode: 302, deliveredAt: null });
      const [attempt] = await attemptsOf(id);
      expect(attempt!.error).toMatch(/redirect/i);
      expect(hook.received).toHaveLength(1);
      expect(other.received.length).toBe(before);
    } finally {
      await hook.close();
    }
  });

  it("a receiver slower than the timeout is a failed attempt with no status code", async () => {
    // The receiver holds its answer longer than the test may run: only the timeout ends the attempt.
    const { key, hook } = await keyWithReceiver(() => ({ status: 200, delayMs: 600_000 }));
    const previous = process.env.OWO_WEBHOOK_TIMEOUT_MS;
    process.env.OWO_WEBHOOK_TIMEOUT_MS = "250";
    try {
      const id = await emitCommitted(key);
      await attemptNow(key.keyPair.id);
      const row = await waitForEvent(id, (e) => e.attempts === 1);
      expect(row).toMatchObject({ deliveryStatus: "pending", lastStatusCode: null });
      const [attempt] = await attemptsOf(id);
      expect(attempt).toMatchObject({ statusCode: null, error: "Timed out after 250 ms" });
      expect(attempt!.durationMs).toBeGreaterThanOrEqual(240);
      expect(await secondsUntilNextAttempt(id)).toBeGreaterThan(4);
    } finally {
      if (previous === undefined) delete process.env.OWO_WEBHOOK_TIMEOUT_MS;
      else process.env.OWO_WEBHOOK_TIMEOUT_MS = previous;
      await hook.close();
    }
  });

  it("a refused connection is a failed attempt that records the error", async () => {
    const hook = await startWebhookReceiver();
    const url = hook.url;
    await hook.close(); // nothing listens there any more
    const key = await makeKey({ config: { webhookUrl: url } });
    const id = await emitCommitted(key);
    await attemptNow(key.keyPair.id);
    const [attempt] = await attemptsOf(id);
    expect(attempt).toMatchObject({ attemptNumber: 1, statusCode: null });
    expect(attempt!.error).toMatch(/ECONNREFUSED/);
  });

  it("an event whose key has no webhook URL becomes no_endpoint, with no attempt", async () => {
    const key = await makeKey();
    const id = await emitCommitted(key);
    await attemptNow(key.keyPair.id);
    const row = await waitForEvent(id, (e) => e.deliveryStatus !== "pending");
    expect(row).toMatchObject({ deliveryStatus: "no_endpoint", attempts: 0, nextAttemptAt: null });
    expect(await attemptsOf(id)).toHaveLength(0);
    // A resend has nowhere to go either: the merchant is told, and nothing is recorded.
    await expect(resendEvent(await getDb(), { merchantId: key.merchantId, mode: "test", eventId: id })).rejects.toMatchObject({
      code: "INVALID_STATE",
    });
    expect(await eventRow(id)).toMatchObject({ deliveryStatus: "no_endpoint", attempts: 0 });
  });
});

// The webhook target rules at save and at delivery (every range, both modes, DNS rebinding):
// lib/events/webhook-targets.test.ts.

describe("resend (dashboard)", () => {
  it("makes a new manual attempt now with the same webhook-id; a failed one leaves the schedule alone", async () => {
    let answer = 500;
    const { key, hook } = await keyWithReceiver(() => ({ status: answer, body: String(answer) }));
    try {
      const id = await emitCommitted(key);
      await attemptNow(key.keyPair.id);
      const afterFirst = await waitForEvent(id, (e) => e.attempts === 1);
      const db = await getDb();

      const manualFail = await resendEvent(db, { merchantId: key.merchantId, mode: "test", eventId: id });
      expect(manualFail).toMatchObject({ outcome: "failed", attemptNumber: 2, statusCode: 500 });
      const afterManual = await eventRow(id);
      expect(afterManual).toMatchObject({ deliveryStatus: "pending", attempts: 2, lastStatusCode: 500 });
      expect(afterManual!.nextAttemptAt?.getTime()).toBe(afterFirst.nextAttemptAt?.getTime());

      answer = 200;
      const manualOk = await resendEvent(db, { merchantId: key.merchantId, mode: "test", eventId: id });
      expect(manualOk).toMatchObject({ outcome: "delivered", attemptNumber: 3, statusCode: 200 });
      expect(await eventRow(id)).toMatchObject({ deliveryStatus: "delivered", attempts: 3, nextAttemptAt: null });

      // A delivered event can be sent again too.
      await resendEvent(db, { merchantId: key.merchantId, mode: "test", eventId: id });
      expect(hook.received.map((r) => r.headers["webhook-id"])).toEqual([id, id, id, id]);
      expect((await attemptsOf(id)).map((a) => a.trigger)).toEqual(["automatic", "manual", "manual", "manual"]);
      expect(await eventRow(id)).toMatchObject({ deliveryStatus: "delivered", attempts: 4 });
    } finally {
      await hook.close();
    }
  });

  it("is scoped to the merchant and mode: anyone else gets NOT_FOUND", async () => {
    const { key, hook } = await keyWithReceiver();
    try {
      const id = await emitCommitted(key);
      const stranger = await makeKey();
      const db = await getDb();
      await expect(resendEvent(db, { merchantId: stranger.merchantId, mode: "test", eventId: id })).rejects.toMatchObject({
        code: "NOT_FOUND",
        status: 404,
      });
      await expect(resendEvent(db, { merchantId: key.merchantId, mode: "live", eventId: id })).rejects.toMatchObject({
        code: "NOT_FOUND",
      });
      await expect(resendEvent(db, { merchantId: key.merchantId, mode: "test", eventId: "evt_nope" })).rejects.toMatchObject({
        code: "NOT_FOUND",
      });
      expect(hook.received).toHaveLength(0);
    } finally {
      await hook.close();
    }
  });

  it("an automatic attempt is not made on an event that is no longer pending", async () => {
    const { key, hook } = await keyWithReceiver();
    try {
      const id = await emitCommitted(key);
      const db = await getDb();
      await resendEvent(db, { merchantId: key.merchantId, mode: "test", eventId: id });
      expect(await eventRow(id)).toMatchObject({ deliveryStatus: "delivered" });
      // Even if it was claimed before the resend delivered it.
      expect(await claimDueEvents(db, { eventIds: [id], limit: 1 })).toEqual([]);
      expect(await deliverEvent(db, { eventId: id, trigger: "automatic" })).toMatchObject({ outcome: "skipped" });
      expect(hook.received).toHaveLength(1);
    } finally {
      await hook.close();
    }
  });
});
