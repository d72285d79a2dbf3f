/**
 * The fuzzer's world: a dedicated business merchant (static-account product on, wallet funded,
 * one of every record) whose rows are snapshotted around each failed request, and a second
 * merchant whose records' ids the fuzzer presents to the first one's keys.
 */
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { POST as refundPost } from "@/app/v1/checkout/static-account/[id]/payments/[paymentId]/refund/route";
import { POST as dynamicPost } from "@/app/v1/checkout/dynamic-payid/route";
import { POST as invoicePost } from "@/app/v1/checkout/invoice/route";
import { POST as initializePost } from "@/app/v1/checkout/session/initialize/route";
import { POST as staticPayIdPost } from "@/app/v1/checkout/static-payid/route";
import { POST as transferPost } from "@/app/v1/checkout/transfer/route";
import { POST as virtualAccountPost } from "@/app/v1/checkout/virtual-account/route";
import { GET as eventsGet } from "@/app/v1/events/route";
import { POST as fundPost } from "@/app/v1/sandbox/wallet/fund/route";
import { getDb, preparedRows } from "@/db/client";
import { merchants } from "@/db/schema";
import { randomBase62 } from "@/lib/ids";
import { receivePayment } from "@/lib/payments/receive-payment";
import { makeKey, makeMerchant } from "../factories";
import { call, type RouteHandler } from "../http";
import { insertStaticAccount } from "../static-accounts";

export type Records = {
  sessionId: string;
  dynamicPayId: string;
  dynamicFullPayId: string;
  staticPayId: string;
  staticPayIdName: string;
  virtualAccount: string;
  virtualAccountNumber: string;
  staticAccount: string;
  staticAccountPayment: string;
  refund: string;
  transfer: string;
  transferMerchantReference: string;
  invoice: string;
  event: string;
};

export type Merchant = {
  merchantId: string;
  /** Test key pair with limits raised far past what the fuzzer sends. */
  secretKey: string;
  publicKey: string;
  keyPairId: string;
  records: Records;
};

export type World = {
  fuzz: Merchant;
  other: Merchant;
  /** A live key pair of the fuzz merchant (raised limits): refused by sandbox routes. */
  liveSecretKey: string;
  /** A test key pair of the fuzz merchant with the default limits (100 a minute). */
  normalSecretKey: string;
  normalKeyPairId: string;
};

const RAISED = { rateLimit: 1_000_000, initializeLimit: 1_000_000 };

async function ok<T = Record<string, unknown>>(handler: RouteHandler, path: string, key: string, json?: unknown, method = "POST"): Promise<T> {
  const r = await call<T>(handler, { method, path, key, json });
  expect(r.status, `${method} ${path}: ${r.text}`).toBeLessThan(300);
  return r.body.data!;
}

async function populate(merchantId: string): Promise<Merchant> {
  const key = await makeKey({ merchantId, config: RAISED });
  const db = await getDb();
  await db.update(merchants).set({ staticAccounts: "enabled" }).where(eq(merchants.id, merchantId));
  const sk = key.secretKey;

  await ok(fundPost, "/v1/sandbox/wallet/fund", sk, { amount: 50_000_000_000 });
  const session = await ok<{ session_id: string }>(initializePost, "/v1/checkout/session/initialize", sk, {
    amount: 250_000,
    email: "fuzz@example.com",
    reference: `fuzz-${randomBase62(10)}`,
  });
  const dyn = await ok<{ id: string; full_pay_id: string }>(dynamicPost, "/v1/checkout/dynamic-payid", sk, { amount: 5_000, name: "Fuzz dynamic" });
  const staticName = `fz${randomBase62(10).toLowerCase()}`;
  const spid = await ok<{ id: string }>(staticPayIdPost, "/v1/checkout/static-payid", sk, { pay_id: staticName, suffix: ".spid", name: "Fuzz static" });
  const va = await ok<{ public_id: string; account_number: string }>(virtualAccountPost, "/v1/checkout/virtual-account", sk, { amount: 700_000 });
  const transferRef = `fuzz-${randomBase62(10)}`;
  const trf = await ok<{ reference: string }>(transferPost, "/v1/checkout/transfer", sk, {
    type: "bank_transfer",
    account_number: "0123456789",
    bank_code: "058",
    account_name: "ADA OBI",
    amount: 20_000,
    reference: transferRef,
  });
  const due = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  const inv = await ok<{ public_id: string }>(invoicePost, "/v1/checkout/invoice", sk, {
    customer_name: "Fuzz Customer",
    customer_email: "customer@example.com",
    line_items: [{ description: "Widget", quantity: 2, unit_price: 150_000 }],
    due_date: due,
  });

  // A static account written straight into the schema (no identity check), with one payment.
  const account = await insertStaticAccount({ merchantId, mode: "test", keyPairId: key.keyPair.id });
  const payer = { name: "Ada Obi", bank: "Access Bank", account: "0690000031" };
  const booked = await db.transaction((tx) =>
    receivePayment(tx, { destination: { kind: "static_account", staticAccountId: account.id }, amount: 1_000_000, payer, narration: "Fuzz" }),
  );
  const refundedPayment = await db.transaction((tx) =>
    receivePayment(tx, { destination: { kind: "static_account", staticAccountId: account.id }, amount: 400_000, payer, narration: "Fuzz" }),
  );
  const refundCall = await call<{ id: string }>(refundPost, {
    method: "POST",
    path: `/v1/checkout/static-account/${account.id}/payments/${refundedPayment.paymentId}/refund`,
    key: sk,
    json: { reason: "fuzz" },
    params: { id: account.id, paymentId: refundedPayment.paymentId! },
  });
  expect(refundCall.status, refundCall.text).toBeLessThan(300);
  const refund = refundCall.body.data!;

  const evs = await ok<{ items: { id: string }[] }>(eventsGet, "/v1/events", sk, undefined, "GET");
  expect(evs.items.length).toBeGreaterThan(0);

  return {
    merchantId,
    secretKey: sk,
    publicKey: key.publicKey,
    keyPairId: key.keyPair.id,
    records: {
      sessionId: session.session_id,
      dynamicPayId: dyn.id,
      dynamicFullPayId: dyn.full_pay_id,
      staticPayId: spid.id,
      staticPayIdName: staticName,
      virtualAccount: va.public_id,
      virtualAccountNumber: va.account_number,
      staticAccount: account.id,
      staticAccountPayment: booked.paymentId!,
      refund: refund.id,
      transfer: trf.reference,
      transferMerchantReference: transferRef,
      invoice: inv.public_id,
      event: evs.items[0]!.id,
    },
  };
}

export async function buildWorld(): Promise<World> {
  const fuzzMerchant = (await makeMerchant({ type: "business", name: `Fuzz ${randomBase62(6)}` })).merchant.id;
  const otherMerchant = (await makeMerchant({ type: "business" })).merchant.id;
  const [fuzz, other] = [await populate(fuzzMerchant), await populate(otherMerchant)];
  const live = await makeKey({ merchantId: fuzzMerchant, mode: "live", config: RAISED });
  const normal = await makeKey({ merchantId: fuzzMerchant });
  return { fuzz, other, liveSecretKey: live.secretKey, normalSecretKey: normal.secretKey, normalKeyPairId: normal.keyPair.id };
}

// ---- The merchant's state, as one value

/** Per-request bookkeeping the API writes on every call, success or not: not "created". */
const NOT_STATE = new Set(["api_request_logs", "rate_limit_counters"]);

/** Rows of tables without a merchant_id column, reached through their parent. */
const CHILD_TABLES: Record<string, string> = {
  postings: "select t.* from postings t join journal_entries p on p.id = t.entry_id where p.merchant_id = any($1::uuid[])",
  session_events: "select t.* from session_events t join checkout_sessions p on p.id = t.session_id where p.merchant_id = any($1::uuid[])",
  webhook_attempts: "select t.* from webhook_attempts t join events p on p.id = t.event_id where p.merchant_id = any($1::uuid[])",
  invoice_activity: "select t.* from invoice_activity t join invoices p on p.id = t.invoice_id where p.merchant_id = any($1::uuid[])",
  sandbox_bank_transfers: "select t.* from sandbox_bank_transfers t join transfers p on p.reference = t.reference where p.merchant_id = any($1::uuid[])",
};

let snapshotSql: string | null = null;

/**
 * One statement that reads, for every merchant-owned table (found in the catalogue, so a new
 * table is covered without editing this file) and the child tables above, the row count and an
 * md5 of every row's text: any insert, update or delete of the merchant's rows changes it.
 */
async function buildSnapshotSql(): Promise<string> {
  const owned = await preparedRows<{ table_name: string }>(
    await getDb(),
    `select c.table_name from information_schema.columns c join information_schema.tables t using (table_schema, table_name)
     where c.table_schema = 'public' and c.column_name = 'merchant_id' and t.table_type = 'BASE TABLE' order by 1`,
    [],
  );
  const parts: string[] = [];
  const digest = (name: string, from: string) =>
    `'${name}', (select json_build_array(count(*), md5(coalesce(string_agg(r::text, '|' order by r::text), ''))) from (${from}) r)`;
  for (const { table_name } of owned) {
    if (NOT_STATE.has(table_name)) continue;
    parts.push(digest(table_name, `select * from "${table_name}" where merchant_id = any($1::uuid[])`));
  }
  for (const [name, from] of Object.entries(CHILD_TABLES)) parts.push(digest(name, from));
  parts.push(digest("merchants", "select * from merchants where id = any($1::uuid[])"));
  parts.push(digest("api_key_pairs_config", "select * from api_key_pairs where merchant_id = any($1::uuid[])"));
  // A function takes at most 100 arguments (50 tables): the objects of 40 tables at a time, merged.
  const chunks: string[] = [];
  for (let i = 0; i < parts.length; i += 40) chunks.push(`jsonb_build_object(${parts.slice(i, i + 40).join(", ")})`);
  return `select ${chunks.join(" || ")} as s`;
}

export type Snapshot = Record<string, [number, string]>;

/** The state of the given merchants' rows (both fuzz merchants: the other one's ids are sent too). */
export async function snapshot(merchantIds: string[]): Promise<Snapshot> {
  snapshotSql ??= await buildSnapshotSql();
  const [row] = await preparedRows<{ s: Snapshot }>(await getDb(), snapshotSql, [`{${merchantIds.join(",")}}`]);
  return row!.s;
}

/** The tables whose rows differ between two snapshots, with their counts. */
export function snapshotDiff(before: Snapshot, after: Snapshot): string[] {
  const out: string[] = [];
  for (const name of Object.keys({ ...before, ...after })) {
    const [a, b] = [before[name], after[name]];
    if (!a || !b || a[0] !== b[0] || a[1] !== b[1])
      out.push(`${name}: ${a?.[0]} rows → ${b?.[0]} rows${a && b && a[0] === b[0] ? " (same count, rows changed)" : ""}`);
  }
  return out;
}
