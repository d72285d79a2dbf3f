/**
 * The rail's requests and the simulator's answers, as the simulator recorded them (the
 * `requests` control), checked against the endpoints of Paystack's OpenAPI description this
 * rail uses (openapi-subset.ts, transcribed from PaystackOSS/openapi `dist/paystack.yaml`):
 * every call the client makes is a documented operation, its body / query / path parameters
 * have the documented required fields and types, and every answer has the documented shape
 * (2xx: the operation's response; 4xx: the `Error` schema). The webhooks the simulator sent
 * are checked against the documented event bodies.
 */
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020";
import { SimControlClient } from "@/lib/rails/simulator/sim-control";
import type { SimServer } from "@/lib/rails/simulator/sim-server";
import { createPaystackRail, PAYSTACK_SIM_DEFAULTS, startPaystackSimulator, type PaystackRail } from "./index";
import { matchOperation, OPERATIONS, WEBHOOKS, type JsonSchema } from "./openapi-subset";

const ajv = new Ajv2020({ strict: false, allErrors: true, allowUnionTypes: true });
const compiled = new Map<JsonSchema, ValidateFunction>();
/** The errors of `value` against `schema` (empty when it conforms). */
function check(schema: JsonSchema, value: unknown): string[] {
  let v = compiled.get(schema);
  if (!v) compiled.set(schema, (v = ajv.compile(schema)));
  return v(value) ? [] : (v.errors ?? []).map((e) => `${e.instancePath || "/"} ${e.message}`);
}

type Call = Awaited<ReturnType<SimControlClient["requests"]>>["calls"][number];

/** Everything wrong with one recorded call, against the subset. */
function problems(call: Call): string[] {
  const where = `${call.method} ${call.path}${call.query}`;
  const match = matchOperation(call.method, call.path);
  if (!match) return [`${where}: not an operation of the transcribed OpenAPI subset`];
  const { op, params } = match;
  const out: string[] = [];
  if (op.request?.body) out.push(...check(op.request.body, call.body).map((e) => `${where} request body${e}`));
  else if (call.method === "POST") out.push(`${where}: a POST with no documented body`);
  const query = Object.fromEntries(new URLSearchParams(call.query));
  if (op.request?.query) out.push(...check(op.request.query, query).map((e) => `${where} query${e}`));
  if (op.request?.pathParams) out.push(...check(op.request.pathParams, params).map((e) => `${where} path${e}`));
  const key = call.status >= 200 && call.status < 300 ? String(call.status) : call.status >= 400 && call.status < 500 ? "4xx" : null;
  const schema = key ? op.responses[key] : undefined;
  if (!schema) out.push(`${where}: HTTP ${call.status} is not a documented answer of ${op.operationId}`);
  else out.push(...check(schema, call.response).map((e) => `${where} → ${call.status}${e}`));
  return out;
}

let sim: SimServer;
let control: SimControlClient;
let rail: PaystackRail;
let calls: Call[] = [];

beforeAll(async () => {
  sim = await startPaystackSimulator();
  control = new SimControlClient(sim.url);
  rail = createPaystackRail({ secretKey: PAYSTACK_SIM_DEFAULTS.secretKey, baseUrl: sim.url }, { timeoutMs: 2_000 });

  // Every operation, with its success and its documented refusals.
  await rail.resolveAccount({ accountNumber: "0123456789", bankCode: "058" });
  await rail.resolveAccount({ accountNumber: PAYSTACK_SIM_DEFAULTS.unknownAccount, bankCode: "058" }).catch(() => null);
  const t = {
    reference: "TRF_CONFORMANCE000001",
    amount: 123_456,
    bankCode: "044",
    accountNumber: "0234567891",
    accountName: "ADA OBI",
    narration: "Conformance",
  };
  await rail.sendTransfer(t);
  await rail.sendTransfer(t); // duplicate: 400, then the status query
  await rail.sendTransfer({ ...t, reference: "TRF_CONFORMANCE000002", accountNumber: PAYSTACK_SIM_DEFAULTS.unknownAccount }).catch(() => null);
  await control.settleTransfer({ reference: t.reference, outcome: "success" });
  await rail.getTransferStatus(t.reference);
  await rail.getTransferStatus("TRF_CONFORMANCE404404");
  await rail.client.listTransfers({ perPage: 10, page: 1, from: "2020-01-01T00:00:00.000Z" });
  await rail.balance();

  const va = await rail.issueVirtualAccount({
    provider: "paystack:wema-bank",
    reference: "VA_Conformance1",
    accountName: "Shop",
    amount: 123_456,
    amountValidation: "A0",
    expiresAt: new Date(Date.now() + 30 * 60_000),
    customerEmail: "ada@example.com",
  });
  if (!va.issued) throw new Error(va.reason);
  await rail.verifyInbound(va.railReference!);
  const paid = await control.pay({
    account_number: va.accountNumber,
    amount: 123_456,
    payer: { name: "TUNDE BAKARE", bank: "Zenith Bank", account: "2233445566" },
  });
  await rail.verifyInbound(paid.provider_reference);
  await rail.verifyInbound("T404404404");
  await rail.client.listTransactions({ perPage: 10, page: 1, status: "success" });

  const sa = {
    provider: "paystack:wema-bank",
    reference: "sa_Conformance1",
    accountName: "Ada Obi",
    customerName: "Ada Obi",
    identityType: "bvn" as const,
    identityNumber: "22222222222",
    customerPhone: "+2348100000000",
  };
  const dva = await rail.issueStaticAccount(sa);
  await rail.issueStaticAccount(sa); // refused as already assigned, then found by the list
  if (!dva.issued) throw new Error(dva.reason);
  await control.pay({ account_number: dva.accountNumber, amount: 500_000 });

  const refund = {
    reference: "0190f3b2-7c1e-7a00-8000-0000c0f0a001",
    paymentReference: paid.provider_reference,
    amount: 23_456,
    payer: { name: null, bank: null, account: null },
  };
  await rail.refundPayment(refund);
  await rail.refundPayment(refund); // found by id (GET /refund/:id)
  await createPaystackRail({ secretKey: PAYSTACK_SIM_DEFAULTS.secretKey, baseUrl: sim.url }).refundPayment(refund); // found by note (GET /refund)
  await rail.refundPayment({ ...refund, reference: "0190f3b2-7c1e-7a00-8000-0000c0f0a002", amount: 999_999_999 });

  await control.settleTransfer({ reference: t.reference, outcome: "reversed" });
  calls = (await control.requests()).calls;
});

afterAll(async () => {
  await sim.close();
});

describe("Paystack OpenAPI conformance (PaystackOSS/openapi dist/paystack.yaml, transcribed in openapi-subset.ts)", () => {
  it("every request the rail made and every answer the simulator gave match the documented schemas", () => {
    expect(calls.length).toBeGreaterThan(20);
    expect(calls.flatMap(problems)).toEqual([]);
  });

  it("every transcribed operation was exercised with a success, and refusals were answered with the documented Error shape", () => {
    const succeeded = new Set(calls.filter((c) => c.status >= 200 && c.status < 300).map((c) => matchOperation(c.method, c.path)?.op.operationId));
    expect(OPERATIONS.map((o) => o.operationId).filter((id) => !succeeded.has(id))).toEqual([]);
    const refusals = calls.filter((c) => c.status >= 400 && c.status < 500);
    expect(refusals.map((c) => `${c.method} ${c.path.split("/").slice(0, 3).join("/")} ${c.status}`)).toEqual(
      expect.arrayContaining([
        "GET /bank/resolve 422",
        "POST /transfer 400",
        "GET /transfer/verify 404",
        "POST /transferrecipient 400",
        "GET /transaction/verify 404",
        "POST /dedicated_account 400",
        "POST /refund 400",
      ]),
    );
  });

  it("the webhooks the simulator sent have the documented event bodies", () => {
    const events = sim.webhooks.map((w) => JSON.parse(w.rawBody) as { event: string });
    expect(events.map((e) => e.event)).toEqual(expect.arrayContaining(["charge.success", "transfer.success", "transfer.reversed"]));
    const wrong = events.flatMap((e) =>
      WEBHOOKS[e.event] ? check(WEBHOOKS[e.event]!, e).map((m) => `${e.event}${m}`) : [`${e.event}: not a transcribed event`],
    );
    expect(wrong).toEqual([]);
  });

  it("the check fails a request that breaks the documented schema (it is not vacuous)", () => {
    const base = calls.find((c) => c.method === "POST" && c.path === "/transfer" && c.status === 200)!;
    expect(problems(base)).toEqual([]);
    expect(problems({ ...base, body: { ...(base.body as object), amount: "1234.56" } }).join()).toMatch(/amount/);
    expect(problems({ ...base, body: { ...(base.body as object), reference: "TRF_UPPER_CASE_0001" } }).join()).toMatch(/reference/);
    const { recipient: _r, ...noRecipient } = base.body as Record<string, unknown>;
    expect(problems({ ...base, body: noRecipient }).join()).toMatch(/recipient/);
    expect(problems({ ...base, response: { status: true, message: "ok", data: { reference: 1 } } }).length).toBeGreaterThan(0);
    expect(problems({ ...base, path: "/transfers" })).toEqual(["POST /transfers: not an operation of the transcribed OpenAPI subset"]);
  });
});
