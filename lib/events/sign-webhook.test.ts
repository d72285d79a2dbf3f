import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { newWebhookSecret } from "@/lib/keys/key-format";
import { MAX_AUTOMATIC_ATTEMPTS, RETRY_DELAYS_MS, retryDelayMs } from "./retry-schedule";
import { ROTATION_OVERLAP_MS, signingSecrets, signWebhook, webhookBody, zevpaySignature } from "./sign-webhook";

const now = () => Math.floor(Date.now() / 1000);

describe("webhook signing (supplement §4, Standard Webhooks)", () => {
  it("a signature verifies with the independent standardwebhooks library, and fails on any change", () => {
    const secret = newWebhookSecret();
    const body = webhookBody({ type: "charge.success", data: { reference: "R1", amount: 10_000, note: "naïra ₦" } });
    const signedAt = now();
    const headers = signWebhook({ id: "evt_abc", timestamp: signedAt, body, secrets: [secret] });

    expect(headers["webhook-id"]).toBe("evt_abc");
    expect(headers["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(new Webhook(secret).verify(body, headers)).toEqual({
      event: "charge.success",
      data: { reference: "R1", amount: 10_000, note: "naïra ₦" },
    });
    // The same headers must not vouch for another body, id, timestamp or secret.
    expect(() => new Webhook(secret).verify(body.replace("10000", "10001"), headers)).toThrow();
    expect(() => new Webhook(secret).verify(body, { ...headers, "webhook-id": "evt_abd" })).toThrow();
    expect(() => new Webhook(secret).verify(body, { ...headers, "webhook-timestamp": String(signedAt - 1) })).toThrow();
    expect(() => new Webhook(newWebhookSecret()).verify(body, headers)).toThrow();
  });

  it("the body is exactly {event, data}", () => {
    expect(webhookBody({ type: "invoice.paid", data: { a: 1 } })).toBe('{"event":"invoice.paid","data":{"a":1}}');
  });

  it("during a rotation both signatures are carried, new first, and either secret verifies", () => {
    const oldSecret = newWebhookSecret();
    const newSecret = newWebhookSecret();
    const at = new Date();
    const secrets = signingSecrets({ webhookSecret: newSecret, previousWebhookSecret: oldSecret, webhookSecretRotatedAt: new Date(at.getTime() - 60_000) }, at);
    expect(secrets).toEqual([newSecret, oldSecret]);
    const body = webhookBody({ type: "charge.success", data: {} });
    const headers = signWebhook({ id: "evt_rot", timestamp: now(), body, secrets });
    const parts = headers["webhook-signature"].split(" ");
    expect(parts).toHaveLength(2);
    expect(signWebhook({ id: "evt_rot", timestamp: Number(headers["webhook-timestamp"]), body, secrets: [newSecret] })["webhook-signature"]).toBe(parts[0]);
    expect(() => new Webhook(newSecret).verify(body, headers)).not.toThrow();
    expect(() => new Webhook(oldSecret).verify(body, headers)).not.toThrow();
  });

  it("after 24 hours the previous secret no longer signs", () => {
    const at = new Date();
    const key = { webhookSecret: "whsec_bmV3", previousWebhookSecret: "whsec_b2xk" };
    expect(signingSecrets({ ...key, webhookSecretRotatedAt: new Date(at.getTime() - ROTATION_OVERLAP_MS + 1000) }, at)).toHaveLength(2);
    expect(signingSecrets({ ...key, webhookSecretRotatedAt: new Date(at.getTime() - ROTATION_OVERLAP_MS - 1000) }, at)).toEqual(["whsec_bmV3"]);
    expect(signingSecrets({ ...key, webhookSecretRotatedAt: null }, at)).toEqual(["whsec_bmV3"]);
  });
});

describe("x-zevpay-signature (supplement §4, for the ZevPay SDKs)", () => {
  // Computed outside Node: printf '%s' "$body" | openssl dgst -sha256 -hmac "$secret"
  const secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
  const body = '{"event":"charge.success","data":{"amount":10000,"reference":"ORD-1"}}';
  const expected = "ab159839fe1aeea8b8d9851184febeb378ab1912f8f0d65a911e5a3488ede88b";

  it("is the lowercase hex HMAC-SHA256 of the raw body keyed by the whole whsec_ text (a known answer)", () => {
    expect(zevpaySignature(secret, body)).toBe(expected);
    expect(signWebhook({ id: "evt_z", timestamp: now(), body, secrets: [secret] })["x-zevpay-signature"]).toBe(expected);
  });

  it("uses the current secret only while a rotation's previous one still signs webhook-signature", () => {
    const previous = newWebhookSecret();
    const headers = signWebhook({ id: "evt_z", timestamp: now(), body, secrets: [secret, previous] });
    expect(headers["webhook-signature"].split(" ")).toHaveLength(2);
    expect(headers["x-zevpay-signature"]).toBe(expected);
  });
});

describe("retry schedule (supplement §4)", () => {
  it("waits 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h, 24 h, then exhausts after the 10th attempt", () => {
    const hours = (h: number) => h * 3_600_000;
    const expected = [5_000, 300_000, 1_800_000, hours(2), hours(5), hours(10), hours(14), hours(20), hours(24)];
    expect([...RETRY_DELAYS_MS]).toEqual(expected);
    expect(MAX_AUTOMATIC_ATTEMPTS).toBe(10);
    expected.forEach((ms, i) => {
      expect(retryDelayMs(i + 1, () => 0.5)).toBe(ms);
      expect(retryDelayMs(i + 1, () => 0)).toBe(Math.round(ms * 0.95));
      expect(retryDelayMs(i + 1, () => 1)).toBe(Math.round(ms * 1.05));
    });
    expect(retryDelayMs(10)).toBeNull();
    // About 75 hours from the first attempt to the last.
    expect(expected.reduce((a, b) => a + b, 0) / 3_600_000).toBeCloseTo(75.6, 1);
  });
});
