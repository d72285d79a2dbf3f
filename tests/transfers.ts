import { and, asc, eq, sql } from "drizzle-orm";
import { expect } from "vitest";
import { GET as balanceGet } from "@/app/v1/checkout/transfer/balance/route";
import { POST as initiatePost, GET as listGet } from "@/app/v1/checkout/transfer/route";
import { GET as getOne } from "@/app/v1/checkout/transfer/[reference]/route";
import { GET as verifyGet } from "@/app/v1/checkout/transfer/[reference]/verify/route";
import { POST as outcomePost } from "@/app/v1/sandbox/transfers/[reference]/outcome/route";
import { POST as fundPost } from "@/app/v1/sandbox/wallet/fund/route";
import { getDb, queryRows } from "@/db/client";
import { events, sandboxBankTransfers, transfers, type OwoEvent, type Transfer } from "@/db/schema";
import { platformAccount, walletAccountFor } from "@/lib/ledger/accounts";
import { postEntry } from "@/lib/ledger/post-entry";
import { prefixedId } from "@/lib/ids";
import { getWalletPayId } from "@/lib/payids/find-pay-id";
import type { TransferView } from "@/lib/transfers/transfer-view";
import { makeKey } from "./factories";
import { call } from "./http";

/** What makeKey returns. */
export type TestKey = Awaited<ReturnType<typeof makeKey>>;

/** A valid bank_transfer body (GTBank, a 10-digit account); override what a test varies. */
export function bankBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { type: "bank_transfer", account_number: "0123456789", bank_code: "058", account_name: "ADA OBI", amount: 20_000, ...overrides };
}

/** Every field of api.md's Transfer object, sorted. */
export const TRANSFER_FIELDS = [
  "amount",
  "completed_at",
  "created_at",
  "currency",
  "fees",
  "merchant_reference",
  "metadata",
  "narration",
  "public_id",
  "recipient",
  "reference",
  // Supplement §13: `payout` for automatic payouts (else `api` or `dashboard`).
  "source",
  "stamp_duty",
  "status",
  "type",
  "vat",
].sort();

/** A unique caller reference. */
export const uniqueRef = (prefix = "ref") => `${prefix}-${Math.random().toString(36).slice(2, 12)}`;

/** A test-mode key pair (new merchant unless given) with a raised rate limit, its wallet funded with `funds` kobo. */
export async function fundedKey(funds = 0, opts: { merchantId?: string } = {}): Promise<TestKey> {
  const key = await makeKey({ merchantId: opts.merchantId, config: { rateLimit: 100_000 } });
  if (funds > 0) await fund(key, funds);
  return key;
}

export async function fund(key: TestKey, amount: number): Promise<void> {
  const r = await call(fundPost, { method: "POST", path: "/v1/sandbox/wallet/fund", key: key.secretKey, json: { amount } });
  expect(r.status, r.text).toBe(200);
}

/**
 * Credits a live wallet through the ledger (live wallets cannot be funded through the
 * sandbox): from the live bank clearing account, as a real inbound payment would, so the
 * ledger stays balanced.
 */
export async function fundLiveWallet(merchantId: string, amount: number): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const wallet = (await getWalletPayId(tx, { merchantId, mode: "live" }))!;
    const [from, to] = [await platformAccount(tx, "live", "bank_clearing"), await walletAccountFor(tx, wallet)];
    await postEntry(tx, {
      reference: prefixedId("funding"),
      mode: "live",
      merchantId,
      kind: "test_live_funding",
      moves: [{ from: from.id, to: to.id, amount }],
    });
  });
}

export async function balance(key: TestKey): Promise<number> {
  const r = await call<{ available_balance: number }>(balanceGet, { path: "/v1/checkout/transfer/balance", key: key.secretKey });
  expect(r.status, r.text).toBe(200);
  return r.body.data!.available_balance;
}

export function initiate(key: TestKey, json: unknown) {
  return call<TransferView>(initiatePost, { method: "POST", path: "/v1/checkout/transfer", key: key.secretKey, json });
}

/** Initiates and expects 200. */
export async function initiateOk(key: TestKey, json: unknown): Promise<TransferView> {
  const r = await initiate(key, json);
  expect(r.status, r.text).toBe(200);
  return r.body.data!;
}

export function getTransfer(key: TestKey, reference: string) {
  return call<TransferView>(getOne, { path: `/v1/checkout/transfer/${encodeURIComponent(reference)}`, key: key.secretKey, params: { reference } });
}

export function verifyTransfer(key: TestKey, reference: string) {
  return call<TransferView>(verifyGet, { path: `/v1/checkout/transfer/${encodeURIComponent(reference)}/verify`, key: key.secretKey, params: { reference } });
}

export type TransferPage = { items: TransferView[]; total: number; page: number; page_size: number; total_pages: number };

export function listTransfers(key: TestKey, query = "") {
  return call<TransferPage>(listGet, { path: `/v1/checkout/transfer${query ? `?${query}` : ""}`, key: key.secretKey });
}

export async function listTotal(key: TestKey): Promise<number> {
  const r = await listTransfers(key);
  expect(r.status, r.text).toBe(200);
  return r.body.data!.total;
}

export function setOutcome(key: TestKey, reference: string, json: unknown) {
  return call<TransferView>(outcomePost, {
    method: "POST",
    path: `/v1/sandbox/transfers/${encodeURIComponent(reference)}/outcome`,
    key: key.secretKey,
    json,
    params: { reference },
  });
}

export async function transferRow(reference: string): Promise<Transfer> {
  const [row] = await (await getDb()).select().from(transfers).where(eq(transfers.reference, reference));
  return row!;
}

export async function sandboxBankRows(reference: string) {
  return (await getDb()).select().from(sandboxBankTransfers).where(eq(sandboxBankTransfers.reference, reference));
}

/** The outbox rows of one key pair, of one type, oldest first. */
export async function eventsOf(keyPairId: string, type: string): Promise<OwoEvent[]> {
  return (await getDb())
    .select()
    .from(events)
    .where(and(eq(events.keyPairId, keyPairId), eq(events.type, type)))
    .orderBy(asc(events.seq));
}

/** The events of a key pair whose payload is about `reference`. */
export async function transferEvents(keyPairId: string, type: string, reference: string): Promise<OwoEvent[]> {
  return (await eventsOf(keyPairId, type)).filter((e) => e.data.reference === reference);
}

/** Postings of one journal entry with the kind of account each touches. */
export async function entryPostings(entryReference: string) {
  return queryRows<{ kind: string; code: string; amount: string | number }>(
    await getDb(),
    sql`select a.kind, a.code, p.amount from postings p
        join journal_entries e on e.id = p.entry_id
        join ledger_accounts a on a.id = p.account_id
        where e.reference = ${entryReference} order by p.id`,
  );
}

/**
 * A pending bank transfer whose sandbox outcome is decided as `status`. Another test file's
 * scheduler pass may settle an undecided sandbox transfer (completed) between our initiation
 * and our decision; then the decision came too late, so this starts over with a new transfer.
 * It returns only once the sandbox bank holds our decision on a still-pending transfer.
 */
export async function decidedBankTransfer(
  key: TestKey,
  status: "completed" | "failed",
  opts: { body?: Record<string, unknown>; reason?: string } = {},
): Promise<TransferView & { answer: TransferView }> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const t = await initiateOk(key, bankBody(opts.body));
    const o = await setOutcome(key, t.reference, { status, ...(opts.reason ? { reason: opts.reason } : {}) });
    if (o.status !== 200) {
      expect(o.body.error?.code, o.text).toBe("INVALID_STATE"); // settled before we decided
      continue;
    }
    const [bank] = await sandboxBankRows(t.reference);
    // Ours if the bank still waits, or already applied our decision (a concurrent pass looked).
    if (bank && bank.decidedStatus === status && (bank.status === "pending" || bank.status === status)) return { ...t, answer: o.body.data! };
  }
  throw new Error("could not decide a pending sandbox transfer in 5 attempts");
}

/**
 * Runs scheduler passes (lib/scheduler/run-jobs.ts) until the transfer is decided, and
 * answers how many it took. A pass may legitimately skip our transfer only when it was
 * saturated (process_pending_transfers handles 50 due transfers a pass, oldest first, and
 * other test files leave undecided ones behind) or when another file's concurrent pass holds
 * its 30 s lease (it claimed it before the sandbox clock settled it); the lease is then
 * released as its expiry would. Any other pass that leaves it pending fails the test.
 */
export async function schedulerPassesUntilDecided(reference: string, max = 20): Promise<number> {
  const db = await getDb();
  const { runJobs } = await import("@/lib/scheduler/run-jobs");
  for (let pass = 1; pass <= max; pass++) {
    const run = await runJobs(db);
    const row = await transferRow(reference);
    if (row.status !== "pending") return pass;
    const saturated = (run.jobs.process_pending_transfers ?? 0) >= 50;
    const leased = row.nextCheckAt !== null && row.nextCheckAt.getTime() > Date.now() + 1_000;
    if (!saturated && !leased) throw new Error(`scheduler pass ${pass} had room (${JSON.stringify(run.jobs)}) but left ${reference} pending`);
    if (leased && !saturated) await db.update(transfers).set({ nextCheckAt: new Date() }).where(eq(transfers.reference, reference));
  }
  throw new Error(`${reference} still pending after ${max} scheduler passes`);
}
