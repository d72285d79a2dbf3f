/**
 * The code /docs/webhooks shows. NODE_VERIFY is run as it stands by verify-snippets.test.ts on
 * real deliveries signed by lib/events/sign-webhook.ts, so what the page shows keeps verifying
 * what Owo sends.
 */

export const NODE_VERIFY = `import { createHmac, timingSafeEqual } from "node:crypto";

const TOLERANCE_SECONDS = 5 * 60;

/**
 * Verifies an Owo webhook (Standard Webhooks) and answers the event.
 * rawBody: the request body exactly as received (string or Buffer), before any JSON parsing.
 * headers: the request's headers (Node gives their names in lowercase).
 * secret: the key's webhook secret, "whsec_…".
 */
export function verifyOwoWebhook(rawBody, headers, secret, now = Date.now()) {
  const id = headers["webhook-id"];
  const timestamp = headers["webhook-timestamp"];
  const signatures = headers["webhook-signature"];
  if (!id || !timestamp || !signatures) throw new Error("Missing webhook headers");
  const seconds = Number(timestamp);
  if (!Number.isInteger(seconds) || Math.abs(now / 1000 - seconds) > TOLERANCE_SECONDS) {
    throw new Error("Webhook timestamp is too old or too new");
  }
  const body = Buffer.isBuffer(rawBody) ? rawBody.toString("utf8") : rawBody;
  const key = Buffer.from(secret.replace(/^whsec_/, ""), "base64");
  const expected = createHmac("sha256", key).update(\`\${id}.\${timestamp}.\${body}\`).digest();
  // During a secret rotation there are two signatures, space separated: either may match.
  const valid = signatures.split(" ").some((signature) => {
    const [version, value] = signature.split(",");
    if (version !== "v1" || !value) return false;
    const given = Buffer.from(value, "base64");
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!valid) throw new Error("Invalid webhook signature");
  return JSON.parse(body);
}

/** x-zevpay-signature: hex HMAC-SHA256 of the raw body, keyed by the whole "whsec_…" text. */
export function verifyZevpaySignature(rawBody, header, secret) {
  const expected = createHmac("sha256", secret).update(rawBody).digest("hex");
  const given = String(header ?? "");
  if (given.length !== expected.length || !timingSafeEqual(Buffer.from(given), Buffer.from(expected))) {
    throw new Error("Invalid webhook signature");
  }
  return JSON.parse(Buffer.isBuffer(rawBody) ? rawBody.toString("utf8") : rawBody);
}
`;

export const NODE_SERVER = `import http from "node:http";
import { verifyOwoWebhook } from "./verify-owo-webhook.mjs";

http
  .createServer((req, res) => {
    const chunks = [];
    req.on("data", (chunk) => chunks.push(chunk));
    req.on("end", () => {
      let event;
      try {
        event = verifyOwoWebhook(Buffer.concat(chunks), req.headers, process.env.OWO_WEBHOOK_SECRET);
      } catch {
        res.writeHead(400).end("invalid signature");
        return;
      }
      // Answer 2xx quickly; do slow work after. The same webhook-id may arrive twice: skip repeats.
      if (event.event === "charge.success") {
        console.log("paid", event.data.reference, event.data.amount, event.data.merchant_reference);
      }
      res.writeHead(200).end("ok");
    });
  })
  .listen(4000);

// With Express, read the raw body on this route:
// app.post("/owo/webhook", express.raw({ type: "application/json" }), (req, res) => {
//   const event = verifyOwoWebhook(req.body, req.headers, process.env.OWO_WEBHOOK_SECRET); …
// });
`;

export const PHP_VERIFY = `<?php
/**
 * Verifies an Owo webhook (Standard Webhooks) and answers the event as an array.
 * $payload: the raw body (file_get_contents('php://input')), before json_decode.
 * $headers: the request's headers with lowercase names.
 * $secret: the key's webhook secret, "whsec_…".
 */
function verify_owo_webhook(string $payload, array $headers, string $secret, int $tolerance = 300): array
{
    $id = $headers['webhook-id'] ?? '';
    $timestamp = $headers['webhook-timestamp'] ?? '';
    $signatures = $headers['webhook-signature'] ?? '';
    if ($id === '' || !ctype_digit($timestamp) || $signatures === '') {
        throw new RuntimeException('Missing webhook headers');
    }
    if (abs(time() - (int) $timestamp) > $tolerance) {
        throw new RuntimeException('Webhook timestamp is too old or too new');
    }
    $key = base64_decode(preg_replace('/^whsec_/', '', $secret));
    $expected = base64_encode(hash_hmac('sha256', "$id.$timestamp.$payload", $key, true));
    // During a secret rotation there are two signatures, space separated: either may match.
    foreach (explode(' ', $signatures) as $signature) {
        [$version, $value] = array_pad(explode(',', $signature, 2), 2, '');
        if ($version === 'v1' && hash_equals($expected, $value)) {
            return json_decode($payload, true, 512, JSON_THROW_ON_ERROR);
        }
    }
    throw new RuntimeException('Invalid webhook signature');
}

$payload = file_get_contents('php://input');
$headers = array_change_key_case(getallheaders(), CASE_LOWER);
try {
    $event = verify_owo_webhook($payload, $headers, getenv('OWO_WEBHOOK_SECRET'));
} catch (RuntimeException $e) {
    http_response_code(400);
    exit;
}
if ($event['event'] === 'charge.success') {
    // $event['data']['reference'], $event['data']['amount'] (kobo), $event['data']['merchant_reference']
}
http_response_code(200);
`;

export const PHP_ZEVPAY = `<?php
// x-zevpay-signature, as the ZevPay PHP SDK checks it: the key is the whole "whsec_…" text.
$payload = file_get_contents('php://input');
$expected = hash_hmac('sha256', $payload, getenv('OWO_WEBHOOK_SECRET'));
if (!hash_equals($expected, $_SERVER['HTTP_X_ZEVPAY_SIGNATURE'] ?? '')) {
    http_response_code(400);
    exit;
}
$event = json_decode($payload, true);
`;
