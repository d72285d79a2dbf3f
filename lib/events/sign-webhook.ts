import { createHmac } from "node:crypto";

/** How long a rotated-out secret keeps signing deliveries beside the new one (supplement §4). */
export const ROTATION_OVERLAP_MS = 24 * 60 * 60 * 1000;

export type SigningSecrets = {
  webhookSecret: string;
  previousWebhookSecret: string | null;
  webhookSecretRotatedAt: Date | null;
};

export type WebhookHeaders = {
  "webhook-id": string;
  "webhook-timestamp": string;
  "webhook-signature": string;
  "x-zevpay-signature": string;
};

/** The delivery body, exactly as it is signed and sent. */
export function webhookBody(event: { type: string; data: unknown }): string {
  return JSON.stringify({ event: event.type, data: event.data });
}

/** The secrets a delivery is signed with now: the current one, then the previous one during the overlap. */
export function signingSecrets(key: SigningSecrets, now: Date = new Date()): string[] {
  const rotatedAt = key.webhookSecretRotatedAt?.getTime();
  const overlapping = key.previousWebhookSecret != null && rotatedAt != null && now.getTime() - rotatedAt < ROTATION_OVERLAP_MS;
  return overlapping ? [key.webhookSecret, key.previousWebhookSecret!] : [key.webhookSecret];
}

/** `v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">`, keyed by the bytes after `whsec_`. */
export function signature(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.startsWith("whsec_") ? secret.slice("whsec_".length) : secret, "base64");
  const mac = createHmac("sha256", key).update(`${id}.${timestamp}.${body}`).digest("base64");
  return `v1,${mac}`;
}

/**
 * `x-zevpay-signature` (supplement §4), for code written against the ZevPay SDKs: the lowercase
 * hex HMAC-SHA256 of the raw body, keyed by the whole secret text as the dashboard shows it
 * (`whsec_…` included, not decoded), as the PHP SDK's `hash_hmac('sha256', $payload, $secret)`.
 */
export function zevpaySignature(secret: string, body: string): string {
  return createHmac("sha256", Buffer.from(secret, "utf8")).update(body, "utf8").digest("hex");
}

/**
 * Every signature header of one attempt, the one place they are made. `timestamp` is the
 * attempt's unix seconds; `secrets` are the ones signing now, the current first (signingSecrets):
 * each contributes a Standard Webhooks signature, space separated, while `x-zevpay-signature`
 * carries one value and so uses the current secret only.
 */
export function signWebhook(input: { id: string; timestamp: number; body: string; secrets: string[] }): WebhookHeaders {
  const [current] = input.secrets;
  if (current === undefined) throw new Error("signWebhook: no signing secret");
  return {
    "webhook-id": input.id,
    "webhook-timestamp": String(input.timestamp),
    "webhook-signature": input.secrets.map((s) => signature(s, input.id, input.timestamp, input.body)).join(" "),
    "x-zevpay-signature": zevpaySignature(current, input.body),
  };
}
