// Checkout sessions: POST /v1/checkout/session/initialize with a new reference per request
// (every request makes a session; none is a replay) and GET /:sessionId/verify on one session
// made beforehand. The fixture key keeps api.md's 30/min initialize limit, so this scenario
// makes its own key pair for the same merchant with both limits out of reach (supplement §1:
// benchmarks raise the limits so the limiter stays in the measured path without refusing).
import { owo } from "../fixtures";
import type { Scenario, ScenarioContext } from "./scenario";

const LIMIT = "1000000";

/** Set by prepare. */
let secretKey = "";
let sessionId = "";

async function benchKey(ctx: ScenarioContext): Promise<string> {
  const args = ["key", "create", "--merchant", ctx.fixtures.merchantId, "--mode", "test", "--name", "bench sessions"];
  const answer = await owo<{ secret_key: string }>(ctx.databaseUrl, [...args, "--rate-limit", LIMIT, "--initialize-limit", LIMIT]);
  return answer.secret_key;
}

const initializeBody = (reference: string) => ({
  amount: 250_000,
  email: "bench@example.com",
  customer_name: "Bench Customer",
  reference,
  callback_url: "https://shop.example.com/thanks",
  metadata: { order_id: reference },
});

export const sessions: Scenario = {
  name: "sessions",
  description:
    "Checkout sessions: `initialize` (POST, a unique reference each time: one session and its `created` timeline entry) and `verify` (GET on one active session)",
  prepare: async (ctx) => {
    secretKey = await benchKey(ctx);
    const res = await fetch(`${ctx.baseUrl}/v1/checkout/session/initialize`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-api-key": secretKey },
      body: JSON.stringify(initializeBody(`${ctx.runTag}-verify-target`)),
    });
    const answer = (await res.json()) as { data?: { session_id: string } };
    if (!res.ok || !answer.data) throw new Error(`sessions scenario: initialize answered ${res.status}: ${JSON.stringify(answer)}`);
    sessionId = answer.data.session_id;
  },
  targets: (ctx) => {
    let n = 0;
    return [
      {
        label: "session initialize",
        goalId: "initialize",
        floor: "write",
        strictFloor: "write_statement",
        target: 0.65,
        targetAgainstStrict: true,
        targetConnections: 10,
        profile: true,
        request: {
          method: "POST",
          path: "/v1/checkout/session/initialize",
          headers: { "x-api-key": secretKey },
          body: () => initializeBody(`${ctx.runTag}-session-${++n}`),
        },
      },
      {
        label: "session verify",
        goalId: "verify",
        floor: "read",
        target: 0.8,
        targetConnections: 10,
        profile: true,
        request: { method: "GET", path: `/v1/checkout/session/${sessionId}/verify`, headers: { "x-api-key": secretKey } },
      },
    ];
  },
};
