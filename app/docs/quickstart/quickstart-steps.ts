/**
 * The requests /docs/quickstart shows, as data: the page renders them as curl commands and
 * quickstart-steps.test.ts sends the same requests (and runs the typed-client example as shown)
 * against the /v1 route handlers, so the quickstart keeps working.
 */

export const QUICKSTART_AMOUNT = 500_000;

export type QuickstartRequest = { method: "GET" | "POST"; path: string; body?: Record<string, unknown> };

/** `$SESSION_ID` and `$ACCOUNT_NUMBER` stand for what the earlier answers give (shell variables in the commands). */
export const QUICKSTART_REQUESTS = {
  initialize: {
    method: "POST",
    path: "/v1/checkout/session/initialize",
    body: { amount: QUICKSTART_AMOUNT, email: "ada@example.com", reference: "order-1001" },
  },
  method: { method: "POST", path: "/v1/checkout/session/$SESSION_ID/payment-method", body: { payment_method: "bank_transfer" } },
  pay: { method: "POST", path: "/v1/sandbox/payments", body: { account_number: "$ACCOUNT_NUMBER", amount: QUICKSTART_AMOUNT } },
  verify: { method: "GET", path: "/v1/checkout/session/$SESSION_ID/verify" },
  events: { method: "GET", path: "/v1/events?event=charge.success&page_size=1" },
} satisfies Record<string, QuickstartRequest>;

/** One request as a curl command (a body naming a shell variable goes in a here-document, so the shell fills it in). */
export function curlCommand(r: QuickstartRequest): string {
  // A body makes curl POST; every POST here has one.
  const lines = [`curl -s "$OWO_URL${r.path}"`, `  -H "x-api-key: $OWO_SECRET_KEY"`];
  if (r.body) {
    lines.push(`  -H "content-type: application/json"`);
    const json = JSON.stringify(r.body);
    if (json.includes("$")) return `${lines.join(" \\\n")} \\\n  -d @- <<EOF\n${json}\nEOF`;
    lines.push(`  -d '${json}'`);
  }
  return lines.join(" \\\n");
}

export const shellSetup = (baseUrl: string) => `export OWO_URL="${baseUrl}"\nexport OWO_SECRET_KEY="sk_test_…"   # Developers → API keys`;

/** The typed-client version of the same steps (client/owo-client.ts, copied into your project). */
export const clientExample = (baseUrl: string) => `import { createOwoClient } from "./owo-client";

const owo = createOwoClient({ baseUrl: "${baseUrl}", apiKey: process.env.OWO_SECRET_KEY! });

// 1. A checkout session for ₦5,000.00 (amounts are in kobo)
const session = await owo.initializeSession({ amount: 500_000, email: "ada@example.com", reference: "order-1001" });
console.log("Send the customer to", session.checkout_url);

// 2. The customer chooses bank transfer on the hosted page (this is the same call) and gets an account
const details = await owo.selectPaymentMethod(session.session_id, { payment_method: "bank_transfer" });

// 3. Test mode only: the sandbox bank pays that account, as the customer's bank would
if (details.payment_method === "bank_transfer") {
  await owo.createSandboxPayment({ account_number: details.account_number, amount: 500_000 });
}

// 4. On your server, confirm the payment before you deliver the order
const payment = await owo.verifySession(session.session_id);
console.log(payment.status, payment.payment_method, payment.paid_at); // completed bank_transfer 2026-…

// 5. The charge.success event, which Owo also POSTs (signed) to the key's webhook URL
const { items } = await owo.listEvents({ event: "charge.success", page_size: 1 });
console.log(items[0]?.data.reference, items[0]?.delivery.status);
`;
