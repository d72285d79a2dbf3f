/**
 * Reconciliation against every rail's simulator (issue 27, supplement §12), on real PostgreSQL,
 * through Owo's own /v1 routes, its real webhook route and the providers' documented list APIs.
 */
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as transferPost } from "@/app/v1/checkout/transfer/route";
import { POST as virtualAccountPost } from "@/app/v1/checkout/virtual-account/route";
import { getDb, queryRows } from "@/db/client";
import { payments, railSuspense, statementLines, transfers, type StatementLineRow } from "@/db/schema";
import { createAdmin } from "@/lib/admin/create-admin";
import { CLI_ACTOR, type Actor } from "@/lib/audit/record-audit";
import { lagosDay } from "@/lib/lagos-day";
import { walletBalance } from "@/lib/ledger/accounts";
import { checkHealth } from "@/lib/observability/health";
import { getWalletPayId } from "@/lib/payids/find-pay-id";
import { processDueRailWebhooks } from "@/lib/rail-inbound/process-rail-webhook";
import { receiveRailWebhook } from "@/lib/rail-inbound/receive-rail-webhook";
import { assignSuspense, returnSuspense } from "@/lib/rail-inbound/suspense";
import { PROVIDER_RAILS } from "@/lib/rails/rail";
import type { TransferView } from "@/lib/transfers/transfer-view";
import type { VirtualAccountView } from "@/lib/virtual-accounts/virtual-account-view";
import { makeKey } from "@/tests/factories";
import { fundedKey } from "@/tests/transfers";
import { call } from "@/tests/http";
import { startRailHarness, until, type RailHarness } from "@/tests/rails/rail-harness";
import { confirmAction, exceptionQueue, explainLine, proposeAction } from "./exceptions";
import { reconcileDay, type ReconcileSummary } from "./run-reconciliation";
import { statementFileFromBytes } from "./statement-file";
import { PROVIDER_EXPORTS } from "./statement-formats";

const SUMMARY_KEYS = [
  "rail",
  "date",
  "lines",
  "matched",
  "booked",
  "unknown_inbound",
  "status_applied",
  "missing_at_provider",
  "amount_mismatch",
  "unexpected_debit",
  "provider_balance",
  "ledger_balance",
];

describe.each(PROVIDER_RAILS)("reconciliation: %s", (rail) => {
  let h: RailHarness;
  let key: Awaited<ReturnType<typeof makeKey>>;
  let walletId: string;
  let hookUrl: string | null;
  let n = 0;
  const day = lagosDay();
  const db = () => getDb();
  const balance = async () => walletBalance(await db(), { payIdId: walletId });
  const liveAccount = async (naira: string) => {
    const r = await call<VirtualAccountView>(virtualAccountPost, {
      method: "POST",
      path: "/v1/checkout/virtual-account",
      key: key.secretKey,
      json: { amount: naira, validity_minutes: 30 },
    });
    expect(r.status, r.text).toBe(200);
    return r.body.data!.account_number!;
  };
  /** Money paid at the provider whose webhook never reaches Owo (the provider gave up). */
  const payLost = async (accountNumber: string, amount: number) => {
    h.sim.webhookUrl = null;
    try {
      const paid = await h.control.pay({
        account_number: accountNumber,
        amount,
        payer: { name: "Chinedu Okafor", bank: "Guaranty Trust Bank", account: "0011223344" },
      });
      return { reference: paid.provider_reference, webhook: h.sim.webhooks.at(-1)! };
    } finally {
      h.sim.webhookUrl = hookUrl;
    }
  };
  const paymentsAt = async (providerReference: string) =>
    (await db())
      .select()
      .from(payments)
      .where(and(eq(payments.rail, rail), eq(payments.railReference, providerReference)));
  const lineOf = async (runId: string, providerReference: string, direction: "in" | "out" = "in"): Promise<StatementLineRow | undefined> =>
    (
      await (
        await db()
      )
        .select()
        .from(statementLines)
        .where(
          and(
            eq(statementLines.runId, runId),
            eq(statementLines.origin, "provider"),
            eq(statementLines.direction, direction),
            eq(statementLines.providerReference, providerReference),
          ),
        )
    )[0];
  const transferRow = async (reference: string) => (await (await db()).select().from(transfers).where(eq(transfers.reference, reference)))[0]!;
  const newTransfer = async (amount: number) => {
    const r = await call<TransferView>(transferPost, {
      method: "POST",
      path: "/v1/checkout/transfer",
      key: key.secretKey,
      json: {
        type: "bank_transfer",
        account_number: "0123456789",
        bank_code: "058",
        account_name: "ADA OBI",
        amount,
        reference: `rec-${rail}-${Date.now()}-${++n}`,
      },
    });
    expect(r.status, r.text).toBe(200);
    return r.body.data!.reference;
  };

  beforeAll(async () => {
    h = await startRailHarness(rail);
    hookUrl = h.sim.webhookUrl;
    key = await makeKey({ mode: "live", config: { rateLimit: 100_000, permissions: ["checkout", "transfers", "virtual_account"] } });
    walletId = (await getWalletPayId(await db(), { merchantId: key.merchantId, mode: "live" }))!.id;
  });
  afterAll(async () => h?.close());

  it("a lost webhook is booked once by the day's run through the inbound road; a repeated run and the late webhook book nothing more", async () => {
    const account = await liveAccount("450.00");
    const before = await balance();
    const lost = await payLost(account, 45_000);
    expect(await paymentsAt(lost.reference)).toHaveLength(0);

    const first = await reconcileDay(await db(), { rail, day });
    expect((await lineOf(first.run.id, lost.reference))?.outcome).toBe("booked");
    const [payment] = await paymentsAt(lost.reference);
    expect(payment!.amount).toBe(45_000);
    expect(await balance()).toBe(before + 45_000 - payment!.fee);

    const again = await reconcileDay(await db(), { rail, day });
    expect(again.run.id).toBe(first.run.id);
    expect((await lineOf(again.run.id, lost.reference))?.outcome).toBe("booked");
    expect(await paymentsAt(lost.reference)).toHaveLength(1);

    // The provider's retry finally arrives: stored, processed, a duplicate.
    const stored = await receiveRailWebhook(await db(), { rail, rawBody: lost.webhook.rawBody, headers: new Headers(lost.webhook.headers) });
    expect(stored.status).toBe(200);
    await processDueRailWebhooks(await db());
    expect(await paymentsAt(lost.reference)).toHaveLength(1);
    expect(await balance()).toBe(before + 45_000 - payment!.fee);
  });

  it("money paid to an account Owo does not know lands in suspense (unknown_inbound); assign books it to a merchant, return pays it back and the next run matches the return", async () => {
    const one = await payLost("9900000017", 25_000);
    const two = await payLost("9900000025", 31_000);
    const { run } = await reconcileDay(await db(), { rail, day });
    for (const p of [one, two]) expect((await lineOf(run.id, p.reference))?.outcome).toBe("unknown_inbound");
    const held = async (ref: string) =>
      (
        await (
          await db()
        )
          .select()
          .from(railSuspense)
          .where(and(eq(railSuspense.rail, rail), eq(railSuspense.providerReference, ref)))
      )[0]!;
    expect((await held(one.reference)).status).toBe("open");
    expect(await paymentsAt(one.reference)).toHaveLength(0);

    const before = await balance();
    await assignSuspense(await db(), { id: (await held(one.reference)).id, merchantId: key.merchantId, actor: CLI_ACTOR });
    const [assigned] = await paymentsAt(one.reference);
    expect(await balance()).toBe(before + 25_000 - assigned!.fee);

    const returned = await returnSuspense(await db(), {
      id: (await held(two.reference)).id,
      bankCode: "058",
      accountNumber: "0011223344",
      accountName: "CHINEDU OKAFOR",
      actor: CLI_ACTOR,
    });
    expect(returned.status).toBe("returned");
    const rerun = await reconcileDay(await db(), { rail, day });
    const { railByName } = await import("@/lib/rails/router");
    const back = await lineOf(rerun.run.id, railByName(rail)!.providerReference(returned.returnReference!), "out");
    expect(back?.outcome).toBe("matched");
    expect(back?.matchedKind).toBe("suspense");
    // Assigned money is not booked a second time by the run.
    expect(await paymentsAt(one.reference)).toHaveLength(1);
  });

  it("a payout the provider reversed after Owo completed it (its webhook lost) is status_applied: amount and fees back in the wallet", async () => {
    const before = await balance();
    const reference = await newTransfer(40_000);
    await h.control.settleTransfer({ reference, outcome: "success" });
    await until(async () => (await transferRow(reference)).status === "completed", "the payout to complete");
    expect(await balance()).toBeLessThan(before);
    await h.control.settleTransfer({ reference, outcome: "reversed", webhook: false });
    expect((await transferRow(reference)).status).toBe("completed");

    const { run } = await reconcileDay(await db(), { rail, day });
    const line = await lineOf(run.id, (await transferRow(reference)).railReference!, "out");
    expect(line?.outcome).toBe("status_applied");
    expect(line?.matchedReference).toBe(reference);
    expect((await transferRow(reference)).status).toBe("reversed");
    expect(await balance()).toBe(before);
  });

  it("in an uploaded statement file, a line the provider's API does not confirm is never booked; a genuine lost payment in it is booked; the same file again adds nothing", async () => {
    const account = await liveAccount("123.45");
    const genuine = await payLost(account, 12_345);
    const forged = rail === "flutterwave" ? String(990_000_000 + n++) : `FORGED${Date.now()}${n++}`;
    const cols = PROVIDER_EXPORTS[rail];
    const csv = [
      [cols.reference, cols.amount, cols.fee, cols.status, cols.date, cols.direction].join(","),
      [genuine.reference, "123.45", "", "success", `${day} 10:00:00`, "credit"].join(","),
      [forged, '"5,000.00"', "", "success", `${day} 10:05:00`, "credit"].join(","),
    ].join("\r\n");
    const file = () => statementFileFromBytes(`${rail}-statement.csv`, new TextEncoder().encode(csv), rail);
    const { run, summary } = await reconcileDay(await db(), { rail, day, file: file() });
    expect(run.source).toBe("file");
    expect(summary.lines).toBe(2);
    expect((await lineOf(run.id, genuine.reference))?.outcome).toBe("booked");
    const fake = await lineOf(run.id, forged);
    expect(fake?.outcome).toBe("amount_mismatch");
    expect(fake?.detail).toMatch(/not booked/);
    expect(await paymentsAt(forged)).toHaveLength(0);
    expect(
      await (
        await db()
      )
        .select()
        .from(railSuspense)
        .where(and(eq(railSuspense.rail, rail), eq(railSuspense.providerReference, forged))),
    ).toHaveLength(0);

    const again = await reconcileDay(await db(), { rail, day, file: file() });
    expect(again.run.id).toBe(run.id);
    expect(again.summary.lines).toBe(2);
    expect(await paymentsAt(forged)).toHaveLength(0);
    expect(await paymentsAt(genuine.reference)).toHaveLength(1);
  });

  it("a run's object has exactly §12's fields, each provider line one outcome, and its totals are the sums of its lines", async () => {
    const { run, summary } = await reconcileDay(await db(), { rail, day });
    expect(Object.keys(summary).sort()).toEqual([...SUMMARY_KEYS].sort());
    const s: ReconcileSummary = summary;
    expect(s.matched + s.booked + s.unknown_inbound + s.status_applied + s.amount_mismatch + s.unexpected_debit).toBe(s.lines);
    expect(s.lines).toBeGreaterThan(0);
    expect(s.provider_balance).toEqual(expect.any(Number));
    const [sums] = await queryRows<{ lines: number; owo: number; money_in: string; money_out: string; fees: string; undecided: number }>(
      await db(),
      sql`select count(*) filter (where origin = 'provider')::int as lines, count(*) filter (where origin = 'owo')::int as owo,
                 coalesce(sum(amount) filter (where origin = 'provider' and direction = 'in' and status = 'success'), 0)::text as money_in,
                 coalesce(sum(amount) filter (where origin = 'provider' and direction = 'out' and status = 'success'), 0)::text as money_out,
                 coalesce(sum(fee) filter (where origin = 'provider' and status = 'success'), 0)::text as fees,
                 count(*) filter (where outcome is null)::int as undecided
          from statement_lines where run_id = ${run.id}::uuid`,
    );
    expect(sums!.undecided).toBe(0);
    expect(run.lines).toBe(sums!.lines);
    expect(run.missingAtProvider).toBe(sums!.owo);
    expect(run.totals).toMatchObject({ in: Number(sums!.money_in), out: Number(sums!.money_out), providerFees: Number(sums!.fees) });
    expect(run.totals!.margin).toBe(run.totals!.owoFees - run.totals!.providerFees);

    // /api/health reports the rail's last run and the exceptions it left.
    const health = await checkHealth(getDb);
    expect(health.reconciliation.find((r) => r.rail === rail && r.mode === "live")).toMatchObject({
      day,
      status: "completed",
      lines: run.lines,
      exceptions: run.missingAtProvider + run.amountMismatch + run.unexpectedDebit,
    });
  });
});

describe("the exceptions queue (paystack): money-moving actions need a second admin; each action audited", () => {
  let h: RailHarness;
  let key: Awaited<ReturnType<typeof makeKey>>;
  let alice: Actor;
  let bola: Actor;
  beforeAll(async () => {
    h = await startRailHarness("paystack");
    key = await makeKey({ mode: "live", config: { rateLimit: 100_000 } });
    const admin = async (name: string): Promise<Actor> => {
      const made = await createAdmin(await getDb(), {
        email: `${name}-${Date.now()}@example.com`,
        password: "correct horse battery staple 9",
        actor: CLI_ACTOR,
      });
      return { type: "admin", userId: made.id };
    };
    [alice, bola] = [await admin("alice"), await admin("bola")];
  });
  afterAll(async () => h?.close());

  it("assign: proposed by one admin, refused to the same admin, done by another (booked to the merchant once); a forged line cannot be booked, only explained", async () => {
    h.sim.webhookUrl = null;
    const paid = await h.control.pay({ account_number: "9900000041", amount: 18_000 });
    const day = lagosDay();
    const { run } = await reconcileDay(await getDb(), { rail: "paystack", day });
    const queue = await exceptionQueue(await getDb(), run.id);
    const item = queue.find((q) => q.providerReference === paid.provider_reference)!;
    expect(item).toMatchObject({ outcome: "unknown_inbound", suspenseStatus: "open", actions: ["assign", "return", "explain"] });

    await proposeAction(await getDb(), { id: item.id, action: "assign", payload: { merchantId: key.merchantId }, actor: alice });
    await expect(confirmAction(await getDb(), { id: item.id, actor: alice })).rejects.toThrow(/Another admin must confirm/);
    const pay = async () =>
      (await getDb())
        .select()
        .from(payments)
        .where(and(eq(payments.rail, "paystack"), eq(payments.railReference, paid.provider_reference)));
    expect(await pay()).toHaveLength(0);
    const done = await confirmAction(await getDb(), { id: item.id, actor: bola });
    expect(done.resolution).toBe("assigned");
    expect((await pay())[0]).toMatchObject({ merchantId: key.merchantId, amount: 18_000 });
    await expect(confirmAction(await getDb(), { id: item.id, actor: bola })).rejects.toThrow(/already assigned/);
    expect((await exceptionQueue(await getDb(), run.id)).some((q) => q.id === item.id)).toBe(false);

    const csv = `Reference,Amount,Type\r\nFORGEDQ${Date.now()},"2,000.00",credit\r\n`;
    const fileRun = await reconcileDay(await getDb(), {
      rail: "paystack",
      day,
      file: statementFileFromBytes("q.csv", new TextEncoder().encode(csv), "paystack"),
    });
    const forged = (await exceptionQueue(await getDb(), fileRun.run.id)).find((q) => q.providerReference.startsWith("FORGEDQ"))!;
    expect(forged.actions).toEqual(["book", "explain"]);
    await proposeAction(await getDb(), { id: forged.id, action: "book", actor: alice });
    await expect(confirmAction(await getDb(), { id: forged.id, actor: bola })).rejects.toThrow(/does not confirm this payment/);
    expect(await (await getDb()).select().from(payments).where(eq(payments.railReference, forged.providerReference))).toHaveLength(0);
    const explained = await explainLine(await getDb(), { id: forged.id, note: "Not ours: a test row in the export", actor: bola });
    expect(explained).toMatchObject({ resolution: "explained", resolutionNote: "Not ours: a test row in the export" });

    const audit = await queryRows<{ action: string; actor_id: string | null }>(
      await getDb(),
      sql`select action, actor_user_id::text as actor_id from audit_log where target_type = 'statement_line' and target_id in (${item.id}, ${forged.id}) order by created_at`,
    );
    expect(audit.map((a) => a.action)).toEqual([
      "reconciliation.action_proposed",
      "reconciliation.assigned",
      "reconciliation.action_proposed",
      "reconciliation.explained",
    ]);
  });
});

describe("a run that stops part-way (paystack)", () => {
  let h: RailHarness;
  beforeAll(async () => {
    h = await startRailHarness("paystack");
  });
  afterAll(async () => h?.close());

  it("is failed with its cursor kept, and the next run resumes from the page it stopped at (money in is not read again)", async () => {
    const day = "2031-04-02";
    await h.control.failNext({ path_ends_with: "/transfer", method: "GET", status: 500 });
    await expect(reconcileDay(await getDb(), { rail: "paystack", day })).rejects.toThrow(/transfer list failed/);
    const { reconciliationRuns } = await import("@/db/schema");
    const [failed] = await (
      await getDb()
    )
      .select()
      .from(reconciliationRuns)
      .where(and(eq(reconciliationRuns.rail, "paystack"), eq(reconciliationRuns.day, day)));
    expect(failed).toMatchObject({ status: "failed", cursor: { part: "out", page: 1 } });
    const listsBefore = h.sim.calls.filter((c) => c.method === "GET" && c.path === "/transaction").length;
    const { run } = await reconcileDay(await getDb(), { rail: "paystack", day });
    expect(run.id).toBe(failed!.id);
    expect(run.status).toBe("completed");
    expect(run.attempts).toBe(2);
    expect(h.sim.calls.filter((c) => c.method === "GET" && c.path === "/transaction").length).toBe(listsBefore);
  });
});

describe("the sandbox rail (test mode)", () => {
  it("yields its payouts as lines, matched to Owo's test transfers", async () => {
    const key = await fundedKey(1_000_000);
    const r = await call<TransferView>(transferPost, {
      method: "POST",
      path: "/v1/checkout/transfer",
      key: key.secretKey,
      json: {
        type: "bank_transfer",
        account_number: "0123456789",
        bank_code: "058",
        account_name: "ADA OBI",
        amount: 20_000,
        reference: `rec-sandbox-${Date.now()}`,
      },
    });
    expect(r.status, r.text).toBe(200);
    const reference = r.body.data!.reference;
    const { run, summary } = await reconcileDay(await getDb(), { rail: "sandbox", day: lagosDay() });
    expect(run.mode).toBe("test");
    const [line] = await (
      await getDb()
    )
      .select()
      .from(statementLines)
      .where(and(eq(statementLines.runId, run.id), eq(statementLines.matchedReference, reference)));
    expect(line).toMatchObject({ direction: "out", outcome: "matched", amount: 20_000 });
    expect(summary.provider_balance).toBeNull();
  });
});

describe("the scheduler's reconcile_rails job", () => {
  let h: RailHarness;
  beforeAll(async () => {
    h = await startRailHarness("paystack");
  });
  afterAll(async () => h?.close());

  it("before OWO_RECONCILE_AT (06:00 Lagos by default) nothing runs; after it, yesterday runs once per live rail, and not again", async () => {
    const { runDueReconciliations } = await import("./reconcile-job");
    const { reconciliationRuns } = await import("@/db/schema");
    // 2031-03-10 05:30 and 07:00 in Lagos (UTC+1): yesterday is 2031-03-09.
    const early = new Date("2031-03-10T04:30:00Z");
    const later = new Date("2031-03-10T06:00:00Z");
    const runsOf = async () =>
      (await getDb())
        .select()
        .from(reconciliationRuns)
        .where(and(eq(reconciliationRuns.rail, "paystack"), eq(reconciliationRuns.day, "2031-03-09")));
    expect(await runDueReconciliations(await getDb(), early)).toBe(0);
    expect(await runsOf()).toHaveLength(0);
    expect(await runDueReconciliations(await getDb(), later)).toBe(1);
    const [run] = await runsOf();
    expect(run).toMatchObject({ status: "completed", source: "api", startedBy: "scheduler", lines: 0 });
    expect(await runDueReconciliations(await getDb(), later)).toBe(0);
    expect(await runsOf()).toHaveLength(1);
  });
});
