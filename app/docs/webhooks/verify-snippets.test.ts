import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { CLI_ACTOR } from "@/lib/audit/record-audit";
import { deliverDueEvents } from "@/lib/events/deliver-due-events";
import { rotateWebhookSecret } from "@/lib/keys/rotate-webhook-secret";
import { emitCommitted, waitForEvent } from "@/tests/events";
import { makeKey } from "@/tests/factories";
import { startWebhookReceiver, type ReceivedWebhook, type WebhookReceiver } from "@/tests/webhook-receiver";
import { NODE_VERIFY } from "./verify-snippets";

/**
 * The Node code /docs/webhooks shows, run exactly as shown (written to a file and imported), on
 * real deliveries: events emitted, claimed and sent by the delivery engine, signed by
 * lib/events/sign-webhook.ts. If the signing or the snippet changes so they disagree, this fails.
 */

type Snippet = {
  verifyOwoWebhook: (
    rawBody: string | Buffer,
    headers: Record<string, unknown>,
    secret: string,
    now?: number,
  ) => { event: string; data: Record<string, unknown> };
  verifyZevpaySignature: (rawBody: string | Buffer, header: unknown, secret: string) => { event: string; data: Record<string, unknown> };
};

let snippet: Snippet;
let dir: string;
const receivers: WebhookReceiver[] = [];

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "owo-docs-snippet-"));
  const file = path.join(dir, "verify-owo-webhook.mjs");
  fs.writeFileSync(file, NODE_VERIFY);
  snippet = (await import(/* @vite-ignore */ pathToFileURL(file).href)) as Snippet;
});
afterAll(async () => {
  await Promise.all(receivers.map((r) => r.close()));
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A test key whose webhooks go to a fresh receiver, and one real delivery of a charge.success to it. */
async function deliveredCharge(opts: { rotate?: boolean } = {}) {
  const hook = await startWebhookReceiver();
  receivers.push(hook);
  const key = await makeKey({ config: { webhookUrl: hook.url } });
  const rotated = opts.rotate
    ? await rotateWebhookSecret(await getDb(), { merchantId: key.merchantId, mode: "test", keyPairId: key.keyPair.id, actor: CLI_ACTOR })
    : null;
  const data = { reference: "ORD-2001", amount: 500_000, currency: "NGN", channel: "card", note: "naïra ₦ and emoji 🎉" };
  const id = await emitCommitted(key, { type: "charge.success", data });
  await deliverDueEvents(await getDb(), { keyPairIds: [key.keyPair.id] });
  await waitForEvent(id, (e) => e.deliveryStatus === "delivered");
  const [got] = await hook.waitFor(1);
  return { got: got!, secret: key.webhookSecret, newSecret: rotated?.webhookSecret ?? null, data };
}

const bodyBuffer = (got: ReceivedWebhook) => Buffer.from(got.body, "utf8");

describe("/docs/webhooks: the Node snippet on real deliveries", () => {
  it("verifyOwoWebhook accepts a delivery (body as string or Buffer) and answers the event", async () => {
    const { got, secret, data } = await deliveredCharge();
    expect(snippet.verifyOwoWebhook(got.body, got.headers, secret)).toEqual({ event: "charge.success", data });
    expect(snippet.verifyOwoWebhook(bodyBuffer(got), got.headers, secret)).toEqual({ event: "charge.success", data });
  });

  it("refuses a changed body, another secret, a missing header and a timestamp more than five minutes off", async () => {
    const { got, secret } = await deliveredCharge();
    expect(() => snippet.verifyOwoWebhook(got.body.replace("500000", "500001"), got.headers, secret)).toThrow("Invalid webhook signature");
    const other = (await makeKey()).webhookSecret;
    expect(() => snippet.verifyOwoWebhook(got.body, got.headers, other)).toThrow("Invalid webhook signature");
    expect(() => snippet.verifyOwoWebhook(got.body, { ...got.headers, "webhook-signature": undefined }, secret)).toThrow("Missing webhook headers");
    const sent = Number(got.headers["webhook-timestamp"]) * 1000;
    expect(() => snippet.verifyOwoWebhook(got.body, got.headers, secret, sent + 6 * 60_000)).toThrow("too old or too new");
    expect(snippet.verifyOwoWebhook(got.body, got.headers, secret, sent + 4 * 60_000).event).toBe("charge.success");
  });

  it("during a secret rotation a delivery verifies with either the new or the previous secret", async () => {
    const { got, secret, newSecret } = await deliveredCharge({ rotate: true });
    expect(String(got.headers["webhook-signature"]).split(" ")).toHaveLength(2);
    expect(snippet.verifyOwoWebhook(got.body, got.headers, newSecret!).event).toBe("charge.success");
    expect(snippet.verifyOwoWebhook(got.body, got.headers, secret).event).toBe("charge.success");
  });

  it("verifyZevpaySignature accepts x-zevpay-signature with the whole whsec_ secret, and refuses a changed body", async () => {
    const { got, secret, data } = await deliveredCharge();
    expect(snippet.verifyZevpaySignature(got.body, got.headers["x-zevpay-signature"], secret)).toEqual({ event: "charge.success", data });
    expect(snippet.verifyZevpaySignature(bodyBuffer(got), got.headers["x-zevpay-signature"], secret).event).toBe("charge.success");
    expect(() => snippet.verifyZevpaySignature(got.body.replace("ORD-2001", "ORD-2002"), got.headers["x-zevpay-signature"], secret)).toThrow(
      "Invalid webhook signature",
    );
  });
});
