import { createHmac, timingSafeEqual } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { CLI_ACTOR } from "@/lib/audit/record-audit";
import { rotateWebhookSecret } from "@/lib/keys/rotate-webhook-secret";
import { attemptsOf, emitCommitted, makeDue, waitForEvent } from "@/tests/events";
import { makeKey } from "@/tests/factories";
import { startWebhookReceiver, type ReceivedWebhook, type Responder, type WebhookReceiver } from "@/tests/webhook-receiver";
import { afterCommitDeliveriesSettled } from "./deliver-after-commit";
import { deliverDueEvents } from "./deliver-due-events";
import { resendEvent } from "./resend-event";
import { sendTestEvent } from "./send-test-event";

/**
 * What the ZevPay PHP SDK's `Webhook::constructEvent($payload, $sigHeader, $secret)` does:
 * `hash_equals(hash_hmac('sha256', $payload, $secret), $sigHeader)`, then decodes the payload.
 * `hash_hmac` keys with the secret string's own bytes, so the whole `whsec_…` text is the key.
 */
function constructEvent(payload: string, sigHeader: string | string[] | undefined, secret: string): { event: string; data: unknown } {
  const expected = createHmac("sha256", secret).update(payload).digest("hex");
  if (typeof sigHeader !== "string" || sigHeader.length !== expected.length || !timingSafeEqual(Buffer.from(sigHeader), Buffer.from(expected))) {
    throw new Error("Invalid webhook signature");
  }
  return JSON.parse(payload) as { event: string; data: unknown };
}

const receivers: WebhookReceiver[] = [];
afterAll(async () => {
  await Promise.all(receivers.map((r) => r.close()));
});

/** A test key whose webhooks go to a fresh receiver. */
async function keyWithReceiver(respond?: Responder) {
  const hook = await startWebhookReceiver(respond);
  receivers.push(hook);
  const key = await makeKey({ config: { webhookUrl: hook.url } });
  return { key, hook };
}

/** Claims the key's due events like the scheduler does and makes their automatic attempts. */
async function attemptNow(keyPairId: string) {
  await deliverDueEvents(await getDb(), { keyPairIds: [keyPairId] });
}

const verifies = (got: ReceivedWebhook, secret: string) => constructEvent(got.body, got.headers["x-zevpay-signature"], secret);

describe("x-zevpay-signature on real deliveries (supplement §4)", () => {
  it("first attempt, retry after a 500 and a dashboard resend each carry it, verifiable as the PHP SDK does with the whole whsec_ secret", async () => {
    const { key, hook } = await keyWithReceiver((_req, n) => (n === 0 ? { status: 500, body: "down" } : { status: 200, body: "ok" }));
    expect(key.webhookSecret).toMatch(/^whsec_/);
    const id = await emitCommitted(key, { type: "charge.success", data: { reference: "ORD-1001", amount: 250_000 } });

    await attemptNow(key.keyPair.id); // first attempt: the receiver answers 500
    await waitForEvent(id, (e) => e.attempts === 1);
    await makeDue(id); // the clock reaches the retry
    await attemptNow(key.keyPair.id);
    await waitForEvent(id, (e) => e.deliveryStatus === "delivered");
    const resent = await resendEvent(await getDb(), { merchantId: key.merchantId, mode: "test", eventId: id });
    expect(resent.outcome).toBe("delivered");

    const got = await hook.waitFor(3);
    expect((await attemptsOf(id)).map((a) => [a.trigger, a.statusCode])).toEqual([
      ["automatic", 500],
      ["automatic", 200],
      ["manual", 200],
    ]);
    for (const delivery of got) {
      expect(delivery.headers["webhook-id"]).toBe(id);
      expect(delivery.headers["x-zevpay-signature"]).toMatch(/^[0-9a-f]{64}$/);
      expect(verifies(delivery, key.webhookSecret)).toEqual({ event: "charge.success", data: { reference: "ORD-1001", amount: 250_000 } });
      // Keyed by the text as shown, not by the bytes a Standard Webhooks library decodes from it.
      const decoded = Buffer.from(key.webhookSecret.slice("whsec_".length), "base64");
      expect(delivery.headers["x-zevpay-signature"]).not.toBe(createHmac("sha256", decoded).update(delivery.body).digest("hex"));
      // It vouches for this body only.
      expect(() => constructEvent(delivery.body.replace("250000", "250001"), delivery.headers["x-zevpay-signature"], key.webhookSecret)).toThrow();
    }
    // The Standard Webhooks headers are still there beside it.
    expect(got[0]!.headers["webhook-signature"]).toMatch(/^v1,/);
    expect(got[0]!.headers["webhook-timestamp"]).toMatch(/^\d+$/);
  });

  it("a dashboard test event carries it too", async () => {
    const { key, hook } = await keyWithReceiver();
    const { eventId } = await sendTestEvent(await getDb(), { merchantId: key.merchantId, mode: "test", keyPairId: key.keyPair.id });
    await afterCommitDeliveriesSettled();
    const [got] = await hook.waitFor(1);
    expect(got!.headers["webhook-id"]).toBe(eventId);
    expect(verifies(got!, key.webhookSecret).event).toBe("webhook.test");
  });

  it("during a secret rotation it is made with the current (new) secret only; the previous one does not verify", async () => {
    const { key, hook } = await keyWithReceiver();
    const rotated = await rotateWebhookSecret(await getDb(), { merchantId: key.merchantId, mode: "test", keyPairId: key.keyPair.id, actor: CLI_ACTOR });
    const id = await emitCommitted(key);
    await attemptNow(key.keyPair.id);
    const [got] = await hook.waitFor(1);
    expect(got!.headers["webhook-id"]).toBe(id);
    // Standard Webhooks carries both signatures in the overlap; x-zevpay-signature has room for one.
    expect(String(got!.headers["webhook-signature"]).split(" ")).toHaveLength(2);
    expect(got!.headers["x-zevpay-signature"]).toMatch(/^[0-9a-f]{64}$/);
    expect(() => verifies(got!, rotated.webhookSecret)).not.toThrow();
    expect(() => verifies(got!, key.webhookSecret)).toThrow("Invalid webhook signature");
  });
});
