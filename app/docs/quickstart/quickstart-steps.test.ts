import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { createOwoClient } from "@/client/owo-client";
import { makeKey } from "@/tests/factories";
import { inProcessFetch } from "@/tests/in-process-fetch";
import { clientExample, curlCommand, QUICKSTART_AMOUNT, QUICKSTART_REQUESTS, type QuickstartRequest } from "./quickstart-steps";

/**
 * /docs/quickstart, done as a reader would: its requests (rendered there as curl) sent in order
 * to the /v1 route handlers, and its typed-client example run as shown, on a fresh test key.
 */

const dirs: string[] = [];
afterAll(() => {
  dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true }));
  delete (globalThis as Record<string, unknown>).__owoDocsClient;
});

type Envelope = { success: boolean; data: Record<string, unknown> & { items?: { event: string; data: Record<string, unknown> }[] } };

describe("/docs/quickstart", () => {
  it("the curl steps: initialize a session, choose bank transfer, pay its account in the sandbox, verify it completed, find its charge.success", async () => {
    const key = (await makeKey({ config: { rateLimit: 10_000 } })).secretKey;
    const fetch = inProcessFetch();
    let sessionId = "";
    let accountNumber = "";
    const send = async (r: QuickstartRequest) => {
      const fill = (text: string) => text.replaceAll("$SESSION_ID", sessionId).replaceAll("$ACCOUNT_NUMBER", accountNumber);
      const res = await fetch(`http://localhost${fill(r.path)}`, {
        method: r.method,
        headers: { "x-api-key": key, ...(r.body ? { "content-type": "application/json" } : {}) },
        body: r.body ? fill(JSON.stringify(r.body)) : undefined,
      });
      const json = (await res.json()) as Envelope;
      expect(res.status, `${r.method} ${r.path}: ${JSON.stringify(json)}`).toBe(200);
      return json.data;
    };
    const session = await send(QUICKSTART_REQUESTS.initialize);
    expect(session).toMatchObject({
      amount: QUICKSTART_AMOUNT,
      merchant_reference: "order-1001",
      checkout_url: expect.stringContaining(`/pay/${String(session.session_id)}`),
    });
    sessionId = String(session.session_id);
    const details = await send(QUICKSTART_REQUESTS.method);
    expect(details).toMatchObject({ payment_method: "bank_transfer", amount: QUICKSTART_AMOUNT, account_number: expect.stringMatching(/^\d{10}$/) });
    accountNumber = String(details.account_number);
    expect(await send(QUICKSTART_REQUESTS.pay)).toMatchObject({ channel: "bank_transfer", amount: QUICKSTART_AMOUNT, status: "completed" });
    expect(await send(QUICKSTART_REQUESTS.verify)).toMatchObject({ status: "completed", payment_method: "bank_transfer" });
    const events = await send(QUICKSTART_REQUESTS.events);
    expect(events.items![0]).toMatchObject({
      event: "charge.success",
      data: { merchant_reference: "order-1001", session_id: sessionId, amount: QUICKSTART_AMOUNT },
    });
  });

  it("the curl commands name the same requests, with the shell filling in the earlier answers", () => {
    expect(curlCommand(QUICKSTART_REQUESTS.initialize)).toBe(
      `curl -s "$OWO_URL/v1/checkout/session/initialize" \\\n  -H "x-api-key: $OWO_SECRET_KEY" \\\n  -H "content-type: application/json" \\\n  -d '{"amount":500000,"email":"ada@example.com","reference":"order-1001"}'`,
    );
    expect(curlCommand(QUICKSTART_REQUESTS.pay)).toContain(`-d @- <<EOF\n{"account_number":"$ACCOUNT_NUMBER","amount":500000}\nEOF`);
    expect(curlCommand(QUICKSTART_REQUESTS.verify)).toBe(`curl -s "$OWO_URL/v1/checkout/session/$SESSION_ID/verify" \\\n  -H "x-api-key: $OWO_SECRET_KEY"`);
  });

  it("the typed-client example runs as shown (only its import points at this repository's client)", async () => {
    const key = (await makeKey({ config: { rateLimit: 10_000 } })).secretKey;
    const shown = clientExample("http://localhost");
    const IMPORT = `import { createOwoClient } from "./owo-client";`;
    expect(shown.startsWith(IMPORT)).toBe(true);
    // The reader's key comes from their environment; here, the test key and the in-process app.
    (globalThis as Record<string, unknown>).__owoDocsClient = (o: Parameters<typeof createOwoClient>[0]) =>
      createOwoClient({ ...o, apiKey: key, fetch: inProcessFetch() });
    const runnable = `const createOwoClient = (globalThis as any).__owoDocsClient;${shown.slice(IMPORT.length)}\nexport { session, payment, items };\n`;
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "owo-docs-quickstart-"));
    dirs.push(dir);
    const file = path.join(dir, "first-payment.ts");
    fs.writeFileSync(file, runnable);
    const ran = (await import(/* @vite-ignore */ pathToFileURL(file).href)) as {
      session: { session_id: string; checkout_url: string };
      payment: { status: string; payment_method: string | null };
      items: { event: string; data: Record<string, unknown> }[];
    };
    expect(ran.payment).toMatchObject({ status: "completed", payment_method: "bank_transfer" });
    expect(ran.items[0]).toMatchObject({ event: "charge.success", data: { session_id: ran.session.session_id, merchant_reference: "order-1001" } });
  });
});
