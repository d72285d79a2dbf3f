/**
 * Hostile input (issue 8 item 6): a property-based fuzzer sends thousands of requests to every
 * /v1 operation, in process through the route handlers. Bodies and queries come from the very
 * zod schemas the handlers validate with (valid-shaped, near-valid, hostile), plus malformed,
 * oversized and mislabelled bodies, made-up path params and bad keys. For every answer: no
 * 5xx, every failure in the envelope with its correlation id and rate-limit headers, the
 * document's shape; and a request that failed left both fuzz merchants' rows exactly as they
 * were (a checksum of every merchant-owned table, read after each request).
 *
 * Reproduce a failure with the seed it prints: FUZZ_SEED=<seed> npx vitest run tests/fuzz.
 * FUZZ_RUNS scales the runs per operation; FUZZ_SHRINK=1 shrinks a counterexample.
 */
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { afterCommitDeliveriesSettled } from "@/lib/events/deliver-after-commit";
import { MAX_BODY_BYTES } from "@/lib/http/read-body";
import { OPERATIONS, type Operation } from "@/lib/openapi/operations";
import { routeFiles } from "@/lib/openapi/route-files";
import { freshRateLimitWindow, type RouteHandler } from "../http";
import { deepFieldArb, hostileValue, jsonSchemaOf, malformedBody, nearValidArb, queryArb, validArb, type BodyCase, type Hints } from "./arbitraries";
import {
  answerProblems,
  operationOf,
  describe as describeRequest,
  loadHandlers,
  loadRouteModule,
  paramArb,
  paramNames,
  send,
  type FuzzRequest,
  type Method,
} from "./requests";
import { buildWorld, snapshot, snapshotDiff, type Snapshot, type World } from "./world";

const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Date.now() ^ (Math.random() * 2 ** 31);
const SCALE = Number(process.env.FUZZ_RUNS ?? 1);
const runs = (n: number) => Math.max(1, Math.round(n * SCALE));
/** Each property its own seed, from the run's and its name (one FUZZ_SEED reproduces any of them, filtered or not). */
const seedFor = (name: string) => [...name].reduce((h, c) => (Math.imul(h, 31) + c.charCodeAt(0)) | 0, SEED);
const fcParams = (numRuns: number, name: string): fc.Parameters<[FuzzRequest]> => ({ numRuns, seed: seedFor(name), endOnFailure: !process.env.FUZZ_SHRINK });

let world: World;
let handlers: Map<Operation, RouteHandler>;
let merchantIds: string[];
let state: Snapshot;
const tally = { requests: 0, byStatus: new Map<number, number>(), failedChecked: 0, successesThatChanged: 0 };

beforeAll(async () => {
  console.info(`[fuzz] seed ${SEED} (FUZZ_SEED=${SEED} to reproduce)`);
  world = await buildWorld();
  handlers = await loadHandlers();
  merchantIds = [world.fuzz.merchantId, world.other.merchantId];
  state = await snapshot(merchantIds);
}, 120_000);

/**
 * Sends one case and checks its answer. The state of both merchants is read after every
 * request: a failure must leave it as the previous request left it. (A success may change it;
 * its after-commit webhook deliveries are awaited first so they are not blamed on the next.)
 */
async function exercise(handler: RouteHandler, r: FuzzRequest, expectStatus?: (s: number) => boolean): Promise<number> {
  const a = await send(handler, r);
  const problems = answerProblems(r, a);
  if (expectStatus && !expectStatus(a.status)) problems.push(`unexpected status ${a.status}`);
  if (a.status < 300) await afterCommitDeliveriesSettled();
  const after = await snapshot(merchantIds);
  if (a.status < 300 && snapshotDiff(state, after).length > 0) tally.successesThatChanged++;
  if (a.status >= 300) {
    tally.failedChecked++;
    const diff = snapshotDiff(state, after);
    if (diff.length) problems.push(`a failed request changed state:\n  ${diff.join("\n  ")}`);
  }
  state = after;
  tally.requests++;
  tally.byStatus.set(a.status, (tally.byStatus.get(a.status) ?? 0) + 1);
  if (problems.length) {
    throw new Error(`${describeRequest(r)}\n→ ${a.status} ${a.text.slice(0, 600)}\n${problems.map((p) => `✗ ${p}`).join("\n")}`);
  }
  return a.status;
}

function hints(w: World): Hints {
  const [own, other] = [w.fuzz.records, w.other.records];
  const future = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
  return {
    email: fc.emailAddress(),
    customer_email: fc.oneof(fc.emailAddress(), fc.constant("customer@example.com")),
    bank_code: fc.constantFrom("058", "044", "057", "999999", "000"),
    account_number: fc.constantFrom(own.virtualAccountNumber, other.virtualAccountNumber, "0123456789", "0000000000"),
    pay_id: fc.oneof(
      fc.constantFrom(own.dynamicFullPayId, other.dynamicFullPayId, `${own.staticPayIdName}.spid`, `${other.staticPayIdName}.spid`),
      fc.stringMatching(/^[a-z0-9._]{3,20}$/),
    ),
    session_id: fc.constantFrom(own.sessionId, other.sessionId),
    invoice_id: fc.constantFrom(own.invoice, other.invoice),
    id: fc.constantFrom(own.sessionId, own.dynamicPayId, own.virtualAccount, own.invoice, other.sessionId, other.invoice),
    due_date: fc.oneof(fc.integer({ min: -3, max: 400 }).map(future), fc.constantFrom("2024-02-30", "9999-12-31", "2025-13-01")),
    currency: fc.constantFrom("NGN", "USD", "ngn"),
    identity_number: fc.stringMatching(/^\d{11}$/),
    provider: fc.constantFrom("sandbox", "wema", "providus", "nope"),
    reference: fc.oneof(fc.constantFrom(own.transferMerchantReference, other.transferMerchantReference), fc.stringMatching(/^[a-z0-9-]{1,40}$/)),
  };
}

function bodyArb(op: Operation, h: Hints): fc.Arbitrary<BodyCase> {
  if (op.method === "GET") return fc.constant<BodyCase>({ kind: "none" });
  if (!op.body) {
    return fc.oneof(
      { weight: 3, arbitrary: fc.constant<BodyCase>({ kind: "none" }) },
      { weight: 1, arbitrary: malformedBody },
      { weight: 1, arbitrary: hostileValue.map((value): BodyCase => ({ kind: "json", value })) },
    );
  }
  const schema = jsonSchemaOf(op.body);
  const deep = deepFieldArb(schema, h);
  return fc.oneof(
    { weight: deep ? 1 : 0, arbitrary: deep ?? fc.constant<BodyCase>({ kind: "none" }) },
    { weight: 3, arbitrary: validArb(schema, h).map((value): BodyCase => ({ kind: "json", value })) },
    { weight: 5, arbitrary: nearValidArb(schema, h).map((value): BodyCase => ({ kind: "json", value })) },
    { weight: 2, arbitrary: malformedBody },
    { weight: 1, arbitrary: hostileValue.map((value): BodyCase => ({ kind: "json", value })) },
    { weight: 1, arbitrary: fc.constant<BodyCase>({ kind: "none" }) },
  );
}

function caseArb(op: Operation, w: World): fc.Arbitrary<FuzzRequest> {
  const h = hints(w);
  const params = fc.record(Object.fromEntries(paramNames(op.path).map((n) => [n, paramArb(op.path, n, w.fuzz, w.other)])));
  const query = op.query
    ? queryArb(jsonSchemaOf(op.query), h)
    : fc.oneof({ weight: 4, arbitrary: fc.constant<[string, string][]>([]) }, { weight: 1, arbitrary: queryArb(undefined) });
  const auth = fc.oneof(
    { weight: 6, arbitrary: fc.constant({ "x-api-key": w.fuzz.secretKey }) },
    { weight: 1, arbitrary: fc.constant({ authorization: `Bearer ${w.fuzz.secretKey}` }) },
    { weight: op.keys === "any" ? 2 : 0, arbitrary: fc.constant({ "x-api-key": w.fuzz.publicKey }) },
  );
  return fc
    .record({ params, query, body: bodyArb(op, h), headers: auth })
    .map(({ params, query, body, headers }): FuzzRequest => ({ op: op.operationId, method: op.method, template: op.path, params, query, body, headers }));
}

/** Runs per operation: more for those with a body (more to get wrong). ≈2,600 requests. */
const runsFor = (op: Operation) => runs(op.body ? 70 : op.query ? 50 : 40);

describe("fuzz: schema-derived requests to every /v1 operation", () => {
  it("covers every route file's operations", () => {
    const templates = new Set(routeFiles().map((r) => r.template));
    for (const op of OPERATIONS) expect(templates.has(op.path), op.path).toBe(true);
    expect(OPERATIONS.length).toBeGreaterThan(40);
  });

  for (const op of OPERATIONS) {
    it(`${op.method} ${op.path}: valid, near-valid, hostile and malformed input never answers 5xx, fails in the envelope and a failure changes nothing`, async () => {
      const handler = handlers.get(op)!;
      await fc.assert(
        fc.asyncProperty(caseArb(op, world), async (r) => {
          await exercise(handler, r);
        }),
        fcParams(runsFor(op), op.operationId),
      );
    }, 60_000);
  }
});

describe("fuzz: keys and headers", () => {
  const garbageKey = fc.oneof(
    fc.constantFrom(
      "",
      " ",
      "sk_test_",
      "pk_test_",
      "sk_live_",
      "Bearer",
      "null",
      "undefined",
      "sk_test_" + "A".repeat(10_000),
      "sk_test_\u00ff\u00fe",
      "' or 1=1 --",
      "%00",
      "sk_test_../../",
    ),
    fc.string({ unit: fc.constantFrom(..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-+/=. "), maxLength: 120 }),
    fc.stringMatching(/^(sk|pk)_(test|live)_[A-Za-z0-9]{20,48}$/),
  );

  it("a missing or garbage key, a public key on a secret route and a live key on a sandbox route are refused (401/403) in the envelope and change nothing", async () => {
    const ops = OPERATIONS.map((op) => ({ op, body: op.body ? jsonSchemaOf(op.body) : null }));
    const h = hints(world);
    const arb = fc.constantFrom(...ops).chain(({ op, body }) => {
      const variants: fc.Arbitrary<Record<string, string>>[] = [
        fc.constant({}),
        garbageKey.map((k) => ({ "x-api-key": k })),
        garbageKey.map((k) => ({ authorization: `Bearer ${k}` })),
        fc.constantFrom(
          { authorization: "Basic dXNlcjpwYXNz" },
          { authorization: "Bearer" },
          { authorization: `bearer  ${world.fuzz.secretKey}x` },
          { "x-api-key": `${world.fuzz.secretKey} x` },
        ),
      ];
      if (op.keys === "secret") variants.push(fc.constant({ "x-api-key": world.fuzz.publicKey }));
      if (op.sandbox) variants.push(fc.constant({ "x-api-key": world.liveSecretKey }));
      const params = fc.record(Object.fromEntries(paramNames(op.path).map((n) => [n, paramArb(op.path, n, world.fuzz, world.other)])));
      const bodyCase: fc.Arbitrary<BodyCase> =
        op.method === "GET" || !body ? fc.constant({ kind: "none" }) : validArb(body, h).map((value) => ({ kind: "json", value }));
      return fc
        .record({ headers: fc.oneof(...variants), params, body: bodyCase })
        .map(({ headers, params, body }): FuzzRequest => ({ op: op.operationId, method: op.method, template: op.path, params, query: [], body, headers }));
    });
    await fc.assert(
      fc.asyncProperty(arb, async (r) => {
        await exercise(handlers.get(operationOf(r)!)!, r, (s) => s === 401 || s === 403);
      }),
      fcParams(runs(400), "keys"),
    );
  }, 120_000);

  it("a body over the size limit is refused 413, declared or streamed, on every route that takes a body, and changes nothing", async () => {
    for (const op of OPERATIONS.filter((o) => o.method !== "GET" && o.body)) {
      const params = Object.fromEntries(paramNames(op.path).map((n) => [n, "x"]));
      const base = { op: op.operationId, method: op.method, template: op.path, params, query: [] as [string, string][] };
      const declared = "x".repeat(MAX_BODY_BYTES + 1);
      const keyed: Record<string, string>[] = [{ "x-api-key": world.fuzz.secretKey }, {}];
      for (const headers of keyed) {
        await exercise(handlers.get(op)!, { ...base, headers, body: { kind: "raw", text: "{}" }, declaredLength: MAX_BODY_BYTES + 1 }, (s) => s === 413);
        await exercise(
          handlers.get(op)!,
          { ...base, headers, body: { kind: "raw", text: declared } },
          (s) => s === 413 || (!("x-api-key" in headers) && s === 401),
        );
      }
      await exercise(
        handlers.get(op)!,
        { ...base, headers: { "x-api-key": world.fuzz.secretKey }, body: { kind: "none" }, oversizeStream: MAX_BODY_BYTES + 1 },
        (s) => s === 413,
      );
    }
  }, 120_000);

  it("unknown /v1 paths answer 404 and unhandled methods 405, in the envelope", async () => {
    const segment = fc.oneof(
      fc.constantFrom("checkout", "transfer", "..", "%00", "v2", "admin", "💸", "a".repeat(2_000)),
      fc.string({ minLength: 1, maxLength: 20 }),
    );
    const unknown = fc
      .tuple(fc.array(segment, { minLength: 1, maxLength: 4 }), fc.constantFrom<Method>("GET", "POST", "PUT", "DELETE", "PATCH"), fc.boolean())
      .map(([segments, method, keyed]): FuzzRequest => ({
        op: null,
        method,
        template: `/v1/zz-not-a-route/${segments.map((s) => encodeURIComponent(s)).join("/")}`,
        params: { path: segments.join("/") },
        query: [],
        body: { kind: "none" },
        headers: keyed ? { "x-api-key": world.fuzz.secretKey } : {},
      }));
    const notFound = (await import("@/app/v1/[...path]/route")) as Record<string, RouteHandler>;
    await fc.assert(
      fc.asyncProperty(unknown, async (r) => {
        await exercise(notFound[r.method]!, r, (s) => s === 404);
      }),
      fcParams(runs(60), "unknown paths"),
    );
    // Every route file's unhandled methods.
    for (const file of routeFiles()) {
      const mod = await loadRouteModule(file.template);
      const handled = new Set(OPERATIONS.filter((o) => o.path === file.template).map((o) => o.method));
      for (const m of (["GET", "POST", "PUT", "DELETE", "PATCH"] as const).filter((m) => !handled.has(m as Operation["method"]))) {
        const params = Object.fromEntries(paramNames(file.template).map((n) => [n, "x"]));
        await exercise(
          mod[m]!,
          { op: null, method: m, template: file.template, params, query: [], body: { kind: "none" }, headers: { "x-api-key": world.fuzz.secretKey } },
          (s) => s === 405,
        );
      }
    }
  }, 120_000);

  it("malformed bodies sent with a key at the default rate limit (100 a minute) never answer 5xx, and past the limit answer 429 with Retry-After", async () => {
    await freshRateLimitWindow(20);
    const ops = OPERATIONS.filter((o) => o.body && o.method !== "GET");
    const arb = fc.tuple(fc.constantFrom(...ops), malformedBody).map(([op, body]): FuzzRequest => ({
      op: op.operationId,
      method: op.method,
      template: op.path,
      params: Object.fromEntries(paramNames(op.path).map((n) => [n, "x"])),
      query: [],
      body,
      headers: { "x-api-key": world.normalSecretKey },
    }));
    const statuses: number[] = [];
    await fc.assert(
      fc.asyncProperty(arb, async (r) => {
        statuses.push(await exercise(handlers.get(operationOf(r)!)!, r));
      }),
      fcParams(130, "normal key"),
    );
    expect(statuses.filter((s) => s === 429).length, "requests past the limit are refused").toBeGreaterThanOrEqual(20);
    expect(
      statuses.slice(0, 90).every((s) => s !== 429),
      "the first 90 are within the limit",
    ).toBe(true);
  }, 120_000);

  it("the state check sees changes: successful creates moved the snapshot, and it covers every merchant-owned table", () => {
    expect(tally.successesThatChanged, "successful requests that changed the snapshot").toBeGreaterThan(20);
    for (const t of [
      "transfers",
      "payments",
      "checkout_sessions",
      "virtual_accounts",
      "dynamic_pay_ids",
      "static_pay_ids",
      "static_accounts",
      "refunds",
      "invoices",
      "events",
      "journal_entries",
      "postings",
      "ledger_accounts",
    ]) {
      expect(Object.keys(state), t).toContain(t);
    }
  });

  it("tallies the run", () => {
    const byStatus = [...tally.byStatus.entries()]
      .sort((a, b) => a[0] - b[0])
      .map(([s, n]) => `${s}×${n}`)
      .join(" ");
    console.info(
      `[fuzz] ${tally.requests} requests (${tally.failedChecked} failures checked for changes, ${tally.successesThatChanged} successes changed state): ${byStatus}`,
    );
    expect(tally.requests).toBeGreaterThan(0);
  });
});
