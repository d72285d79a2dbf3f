import { eq } from "drizzle-orm";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { getDb } from "@/db/client";
import { transfers } from "@/db/schema";
import { sandboxRail } from "@/lib/rails/router";
import { tickSandboxBank } from "@/lib/rails/sandbox/sandbox-transfers";
import { afterCommitDeliveriesSettled } from "@/lib/events/deliver-after-commit";
import { transferCharges } from "@/lib/fees/transfer-fees";
import { auditLedger } from "@/lib/ledger/audit-ledger";
import { runJobs } from "@/lib/scheduler/run-jobs";
import { makeKey, makeMerchant } from "@/tests/factories";
import {
  balance,
  bankBody,
  decidedBankTransfer,
  entryPostings,
  fundedKey,
  getTransfer,
  initiateOk,
  sandboxBankRows,
  schedulerPassesUntilDecided,
  setOutcome,
  transferEvents,
  transferRow,
  uniqueRef,
  verifyTransfer,
} from "@/tests/transfers";
import { submitToBank } from "./submit-to-bank";

// Webhook first attempts started after commit must finish before the database closes.
afterAll(() => afterCommitDeliveriesSettled());

const AMOUNT = 1_000_000;
const CHARGES = transferCharges({ amount: AMOUNT, type: "bank_transfer" }); // fee 2500, vat 188, stamp 5000
const FUNDS = 10 * CHARGES.total; // room for decidedBankTransfer's retries

afterEach(() => {
  vi.restoreAllMocks();
});

const amounts = (rows: { kind: string; amount: string | number }[]) => rows.map((r) => [r.kind, Number(r.amount)]).sort();

describe("sandbox outcome completed", () => {
  it("the next verify shows completed with completed_at; the wallet keeps exactly one debit of the total", async () => {
    const key = await fundedKey(FUNDS);
    const t = await decidedBankTransfer(key, "completed", { body: { amount: AMOUNT } });
    const before = await balance(key);
    const v = await verifyTransfer(key, t.reference);
    expect(v.status, v.text).toBe(200);
    expect(v.body.data).toMatchObject({ reference: t.reference, public_id: t.public_id, status: "completed" });
    expect(v.body.data!.completed_at).not.toBeNull();
    expect(Date.parse(v.body.data!.completed_at!)).toBeGreaterThanOrEqual(Date.parse(t.created_at));
    expect(await balance(key)).toBe(before); // completion moves no more money out of the wallet
    expect(amounts(await entryPostings(`${t.reference}:debit`))).toEqual(
      amounts([
        { kind: "wallet", amount: -CHARGES.total },
        { kind: "transfers_in_flight", amount: CHARGES.total },
      ]),
    );
  });

  it("settlement moves the held total to bank clearing (amount), fee revenue, VAT and stamp duty; the ledger audits ok", async () => {
    const key = await fundedKey(FUNDS);
    const t = await decidedBankTransfer(key, "completed", { body: { amount: AMOUNT } });
    await verifyTransfer(key, t.reference);
    expect(amounts(await entryPostings(`${t.reference}:settle`))).toEqual(
      amounts([
        { kind: "transfers_in_flight", amount: -CHARGES.total },
        { kind: "bank_clearing", amount: AMOUNT },
        { kind: "fee_revenue", amount: CHARGES.fee },
        { kind: "vat_payable", amount: CHARGES.vat },
        { kind: "stamp_duty_payable", amount: CHARGES.stamp_duty },
      ]),
    );
    expect(await entryPostings(`${t.reference}:reverse`)).toEqual([]);
    expect((await auditLedger(await getDb())).ok).toBe(true);
  });

  it("completion writes exactly one transfer.success for the initiating key, its payload the Transfer object", async () => {
    const key = await fundedKey(FUNDS);
    const t = await decidedBankTransfer(key, "completed");
    const v = (await verifyTransfer(key, t.reference)).body.data!;
    // More looks at a decided transfer change nothing and emit nothing.
    await verifyTransfer(key, t.reference);
    await verifyTransfer(key, t.reference);
    await runJobs(await getDb());
    await afterCommitDeliveriesSettled();
    const events = await transferEvents(key.keyPair.id, "transfer.success", t.reference);
    expect(events).toHaveLength(1);
    expect(events[0]!.data).toEqual(v);
    expect(events[0]!.data).not.toHaveProperty("failure_reason");
    expect(await transferEvents(key.keyPair.id, "transfer.failed", t.reference)).toHaveLength(0);
  });

  it("the outcome call answers the Transfer as it stands: still pending (it moves on the next look)", async () => {
    const key = await fundedKey(FUNDS);
    const t = await decidedBankTransfer(key, "completed");
    expect(t.answer).toMatchObject({ reference: t.reference, public_id: t.public_id, status: "pending", completed_at: null });
    expect((await verifyTransfer(key, t.reference)).body.data!.status).toBe("completed");
  });
});

describe("sandbox outcome failed", () => {
  it("verify shows failed (no completed_at) and the wallet is refunded in full by a reversal", async () => {
    const key = await fundedKey(FUNDS);
    const t = await decidedBankTransfer(key, "failed", { body: { amount: AMOUNT }, reason: "Beneficiary account closed" });
    const beforeRefund = await balance(key);
    const v = await verifyTransfer(key, t.reference);
    expect(v.body.data).toMatchObject({ reference: t.reference, status: "failed", completed_at: null });
    expect(await balance(key)).toBe(beforeRefund + CHARGES.total);
    expect(amounts(await entryPostings(`${t.reference}:reverse`))).toEqual(
      amounts([
        { kind: "wallet", amount: CHARGES.total },
        { kind: "transfers_in_flight", amount: -CHARGES.total },
      ]),
    );
    expect(await entryPostings(`${t.reference}:settle`)).toEqual([]);
    expect((await auditLedger(await getDb())).ok).toBe(true);
  });

  it("writes one transfer.failed with failure_reason (the reason given) and no transfer.success", async () => {
    const key = await fundedKey(FUNDS);
    const t = await decidedBankTransfer(key, "failed", { reason: "Beneficiary account closed" });
    const v = (await verifyTransfer(key, t.reference)).body.data!;
    await verifyTransfer(key, t.reference);
    await afterCommitDeliveriesSettled();
    const events = await transferEvents(key.keyPair.id, "transfer.failed", t.reference);
    expect(events).toHaveLength(1);
    expect(events[0]!.data).toEqual({ ...v, failure_reason: "Beneficiary account closed" });
    expect(await transferEvents(key.keyPair.id, "transfer.success", t.reference)).toHaveLength(0);
  });

  it("without a reason, failure_reason is still a non-empty string", async () => {
    const key = await fundedKey(FUNDS);
    const t = await decidedBankTransfer(key, "failed");
    await verifyTransfer(key, t.reference);
    const [event] = await transferEvents(key.keyPair.id, "transfer.failed", t.reference);
    expect(typeof event!.data.failure_reason).toBe("string");
    expect((event!.data.failure_reason as string).length).toBeGreaterThan(0);
  });

  it("a scheduler pass applies a decided failure too: GET (no verify) shows failed and the refund is made", async () => {
    const key = await fundedKey(FUNDS);
    const t = await decidedBankTransfer(key, "failed");
    const before = await balance(key);
    await schedulerPassesUntilDecided(t.reference);
    const g = await getTransfer(key, t.reference);
    expect(g.body.data!.status).toBe("failed");
    expect(await balance(key)).toBe(before + transferCharges({ amount: 20_000, type: "bank_transfer" }).total);
  });
});

describe("no sandbox outcome: the scheduler completes it", () => {
  it("one scheduler pass completes an undecided bank transfer; GET shows it without a verify", async () => {
    const key = await fundedKey(FUNDS);
    const t = await initiateOk(key, bankBody({ amount: AMOUNT }));
    await schedulerPassesUntilDecided(t.reference);
    const g = await getTransfer(key, t.reference);
    expect(g.status).toBe(200);
    expect(g.body.data).toMatchObject({ reference: t.reference, status: "completed" });
    expect(g.body.data!.completed_at).not.toBeNull();
    expect(await transferEvents(key.keyPair.id, "transfer.success", t.reference)).toHaveLength(1);
    expect(await balance(key)).toBe(FUNDS - CHARGES.total);
  });
});

describe("POST /v1/sandbox/transfers/:reference/outcome refusals", () => {
  it("on a completed transfer: 400 INVALID_STATE, nothing changes", async () => {
    const key = await fundedKey(FUNDS);
    const t = await decidedBankTransfer(key, "completed");
    await verifyTransfer(key, t.reference);
    const before = await balance(key);
    const o = await setOutcome(key, t.reference, { status: "failed" });
    expect(o.status).toBe(400);
    expect(o.body.error!.code).toBe("INVALID_STATE");
    expect((await verifyTransfer(key, t.reference)).body.data!.status).toBe("completed");
    expect(await balance(key)).toBe(before);
    expect(await transferEvents(key.keyPair.id, "transfer.failed", t.reference)).toHaveLength(0);
  });

  it("on a failed transfer: 400 INVALID_STATE, no second refund", async () => {
    const key = await fundedKey(FUNDS);
    const t = await decidedBankTransfer(key, "failed");
    await verifyTransfer(key, t.reference);
    const before = await balance(key);
    const o = await setOutcome(key, t.reference, { status: "completed" });
    expect(o.status).toBe(400);
    expect(o.body.error!.code).toBe("INVALID_STATE");
    await verifyTransfer(key, t.reference);
    expect(await balance(key)).toBe(before);
  });

  it("on a transfer the sandbox bank already settled while Owo still shows it pending (a scheduler pass got there first): 400 INVALID_STATE, the bank's outcome stands", async () => {
    const key = await fundedKey(FUNDS);
    const t = await initiateOk(key, bankBody({ amount: AMOUNT }));
    if (!(await transferRow(t.reference)).bankSubmittedAt) await submitToBank(await getDb(), await transferRow(t.reference));
    expect(await tickSandboxBank({ settleUndecided: true, only: { reference: t.reference } })).toBe(1);
    expect((await transferRow(t.reference)).status).toBe("pending");
    const o = await setOutcome(key, t.reference, { status: "failed", reason: "Too late" });
    expect(o.status).toBe(400);
    expect(o.body.error!.code).toBe("INVALID_STATE");
    expect((await sandboxBankRows(t.reference))[0]).toMatchObject({ status: "completed", decidedStatus: null });
    expect((await verifyTransfer(key, t.reference)).body.data!.status).toBe("completed");
    expect(await transferEvents(key.keyPair.id, "transfer.failed", t.reference)).toHaveLength(0);
    expect(await balance(key)).toBe(FUNDS - CHARGES.total);
  });

  it("on a PayID transfer (never pending): 400 INVALID_STATE", async () => {
    const key = await fundedKey(FUNDS);
    const other = await makeMerchant();
    const t = await initiateOk(key, { type: "payid", pay_id: other.payIds.test, amount: 20_000 });
    const o = await setOutcome(key, t.reference, { status: "failed" });
    expect(o.status).toBe(400);
    expect(o.body.error!.code).toBe("INVALID_STATE");
  });

  it("with a live key: 403 SANDBOX_ONLY", async () => {
    const key = await fundedKey(FUNDS);
    const live = await makeKey({ merchantId: key.merchantId, mode: "live" });
    const t = await initiateOk(key, bankBody());
    const o = await setOutcome({ ...key, secretKey: live.secretKey }, t.reference, { status: "failed" });
    expect(o.status).toBe(403);
    expect(o.body.error!.code).toBe("SANDBOX_ONLY");
    expect((await sandboxBankRows(t.reference))[0]?.decidedStatus ?? null).toBeNull();
  });

  it("an unknown reference: 400 TRANSFER_NOT_FOUND", async () => {
    const key = await fundedKey();
    const o = await setOutcome(key, `TRF_${uniqueRef()}`, { status: "completed" });
    expect(o.status).toBe(400);
    expect(o.body.error!.code).toBe("TRANSFER_NOT_FOUND");
  });

  it("another merchant's reference: 400 TRANSFER_NOT_FOUND, and its transfer stays undecided", async () => {
    const owner = await fundedKey(FUNDS);
    const stranger = await fundedKey();
    const t = await initiateOk(owner, bankBody({ reference: uniqueRef() }));
    for (const ref of [t.reference, t.merchant_reference!]) {
      const o = await setOutcome(stranger, ref, { status: "failed" });
      expect(o.status).toBe(400);
      expect(o.body.error!.code).toBe("TRANSFER_NOT_FOUND");
      expect(o.body.data).toBeUndefined();
    }
    expect((await sandboxBankRows(t.reference))[0]?.decidedStatus ?? null).toBeNull();
  });

  it("status missing or not completed/failed: 400 Validation error naming status", async () => {
    const key = await fundedKey(FUNDS);
    const t = await initiateOk(key, bankBody());
    for (const json of [{}, { status: "pending" }, { status: "done" }]) {
      const o = await setOutcome(key, t.reference, json);
      expect(o.status).toBe(400);
      expect(o.body.error!.message).toBe("Validation error");
      expect(o.body.error!.details!.some((d) => d.startsWith("status"))).toBe(true);
    }
  });

  it("accepts the caller's merchant_reference as the path reference", async () => {
    const key = await fundedKey(FUNDS);
    for (let attempt = 0; ; attempt++) {
      const ref = uniqueRef();
      const t = await initiateOk(key, bankBody({ reference: ref }));
      const o = await setOutcome(key, ref, { status: "failed", reason: "by merchant reference" });
      const [bank] = await sandboxBankRows(t.reference);
      if (o.status === 200 && bank?.decidedStatus === "failed" && bank.status !== "completed") {
        expect(o.body.data!.reference).toBe(t.reference);
        expect((await verifyTransfer(key, ref)).body.data!.status).toBe("failed");
        return;
      }
      if (attempt >= 4) throw new Error(`outcome by merchant_reference never held: ${o.text}`);
    }
  });
});

describe("a crash between the commit and the bank call", () => {
  /** The debit and the pending record committed; the bank was never asked (the process died). */
  async function crashedTransfer(key: Awaited<ReturnType<typeof fundedKey>>) {
    const spy = vi.spyOn(sandboxRail(), "sendTransfer").mockRejectedValueOnce(new Error("process died before the bank call"));
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const t = await initiateOk(key, bankBody({ amount: AMOUNT }));
    expect(spy).toHaveBeenCalledTimes(1);
    expect(String(logged.mock.calls[0]?.[0])).toContain(t.reference); // the failed call is logged, not answered
    spy.mockRestore();
    logged.mockRestore();
    return t;
  }

  it("leaves a pending, debited transfer the bank has never seen", async () => {
    const key = await fundedKey(FUNDS);
    const t = await crashedTransfer(key);
    expect(t.status).toBe("pending");
    expect(await balance(key)).toBe(FUNDS - CHARGES.total);
    // Unless a scheduler pass (maybe another file's) has sent it since, the bank has no trace of it.
    const rows = await sandboxBankRows(t.reference);
    expect(rows.length).toBeLessThanOrEqual(1);
    if (rows.length === 0) expect((await transferRow(t.reference)).bankSubmittedAt).toBeNull();
  });

  it("a scheduler pass sends it exactly once (one bank row for the reference) and it then completes", async () => {
    const key = await fundedKey(FUNDS);
    const t = await crashedTransfer(key);
    const db = await getDb();
    await runJobs(db);
    await runJobs(db);
    const rows = await sandboxBankRows(t.reference);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.amount).toBe(AMOUNT);
    expect((await transferRow(t.reference)).bankSubmittedAt).not.toBeNull();
    const v = await verifyTransfer(key, t.reference);
    expect(v.body.data!.status).toBe("completed");
    expect(await sandboxBankRows(t.reference)).toHaveLength(1);
    expect(await balance(key)).toBe(FUNDS - CHARGES.total);
    expect(await transferEvents(key.keyPair.id, "transfer.success", t.reference)).toHaveLength(1);
  });

  // Sending releases the scheduler's lease, so the very next pass collects the outcome.
  it("supplement §5: after the pass that sent it, the next scheduler pass completes it (no verify needed)", async () => {
    const key = await fundedKey(FUNDS);
    const t = await crashedTransfer(key);
    const db = await getDb();
    // The pass that finds it unsent sends it (ours, or a concurrent one of another file).
    for (let i = 0; i < 20 && (await sandboxBankRows(t.reference)).length === 0; i++) await runJobs(db);
    expect(await sandboxBankRows(t.reference)).toHaveLength(1);
    await runJobs(db); // "Without a sandbox outcome, a sandbox bank transfer completes on the next scheduler pass."
    expect((await getTransfer(key, t.reference)).body.data!.status).toBe("completed");
  });

  it("a crash after the bank accepted it but before bank_submitted_at was recorded: still one bank transfer", async () => {
    const key = await fundedKey(FUNDS);
    const bank = sandboxRail();
    const real = bank.sendTransfer.bind(bank);
    vi.spyOn(bank, "sendTransfer").mockImplementationOnce(async (input) => {
      await real(input);
      throw new Error("process died after the bank call");
    });
    vi.spyOn(console, "error").mockImplementation(() => {});
    const t = await initiateOk(key, bankBody({ amount: AMOUNT }));
    expect(await sandboxBankRows(t.reference)).toHaveLength(1);
    expect((await transferRow(t.reference)).bankSubmittedAt).toBeNull();
    const v = await verifyTransfer(key, t.reference); // resends (the bank deduplicates), then reads its status
    expect(["pending", "completed"]).toContain(v.body.data!.status);
    await schedulerPassesUntilDecided(t.reference);
    expect(await sandboxBankRows(t.reference)).toHaveLength(1);
    expect((await getTransfer(key, t.reference)).body.data!.status).toBe("completed");
    expect(await balance(key)).toBe(FUNDS - CHARGES.total);
  });

  it("calling submitToBank again, twice in a row and concurrently, never makes a second bank transfer or a second settlement", async () => {
    const key = await fundedKey(FUNDS);
    const t = await initiateOk(key, bankBody({ amount: AMOUNT }));
    const db = await getDb();
    const row = await transferRow(t.reference);
    await submitToBank(db, row);
    await submitToBank(db, row);
    await Promise.all(Array.from({ length: 5 }, () => submitToBank(db, row)));
    expect(await sandboxBankRows(t.reference)).toHaveLength(1);
    await schedulerPassesUntilDecided(t.reference);
    await Promise.all(Array.from({ length: 5 }, () => submitToBank(db, row)));
    expect(await sandboxBankRows(t.reference)).toHaveLength(1);
    expect(await transferEvents(key.keyPair.id, "transfer.success", t.reference)).toHaveLength(1);
    expect(await balance(key)).toBe(FUNDS - CHARGES.total);
    expect((await entryPostings(`${t.reference}:settle`)).length).toBe(5);
    const [fresh] = await db.select().from(transfers).where(eq(transfers.reference, t.reference));
    expect(fresh!.status).toBe("completed");
  });
});
