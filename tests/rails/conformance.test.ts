/**
 * One conformance suite run against every rail through its simulator (issue 24, supplement
 * §11): the same rules for Paystack, Monnify and Flutterwave, on real PostgreSQL, through
 * Owo's own /v1 routes and its real webhook route. The simulators follow the providers'
 * published API documentation (lib/rails/<rail>/README.md).
 */
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as transferPost } from "@/app/v1/checkout/transfer/route";
import { GET as verifyGet } from "@/app/v1/checkout/transfer/[reference]/verify/route";
import { POST as resolvePost } from "@/app/v1/checkout/transfer/banks/resolve/route";
import { POST as virtualAccountPost } from "@/app/v1/checkout/virtual-account/route";
import { getDb, queryRows } from "@/db/client";
import { events, payments, railSuspense, railWebhooks, sandboxBankTransfers, transfers, type Transfer } from "@/db/schema";
import { CLI_ACTOR } from "@/lib/audit/record-audit";
import { walletBalance } from "@/lib/ledger/accounts";
import { getWalletPayId } from "@/lib/payids/find-pay-id";
import { railsOverview } from "@/lib/rail-inbound/rails-overview";
import { assignSuspense } from "@/lib/rail-inbound/suspense";
import { PROVIDER_RAILS, type ProviderRailName } from "@/lib/rails/rail";
import { railByName } from "@/lib/rails/router";
import { makeKey } from "@/tests/factories";
import { bookedPayment, payoutRows, settlementMerchant } from "@/tests/settlement";
import { runSettlement } from "@/lib/settlement/run-settlement";
import { setSettlementSettings } from "@/lib/settlement/settlement-settings";
import { call } from "@/tests/http";
import type { TransferView } from "@/lib/transfers/transfer-view";
import type { VirtualAccountView } from "@/lib/virtual-accounts/virtual-account-view";
import { newSession, selectMethod, verify as verifySession } from "@/tests/sessions";
import { processDueRailWebhooks } from "@/lib/rail-inbound/process-rail-webhook";
import { receiveRailWebhook } from "@/lib/rail-inbound/receive-rail-webhook";
import { deliveriesSettled, startRailHarness, until, type RailHarness } from "./rail-harness";

/** The path of each provider's "send a transfer" call (what fail-next aims at). */
const TRANSFER_PATH: Record<ProviderRailName, string> = { paystack: "/transfer", monnify: "/disbursements/single", flutterwave: "/transfers" };

describe.each(PROVIDER_RAILS)("rail conformance: %s", (rail) => {
  let h: RailHarness;
  let key: Awaited<ReturnType<typeof makeKey>>;
  let walletId: string;

  const db = () => getDb();
  const balance = async () => walletBalance(await db(), { payIdId: walletId });
  const newTransfer = (reference: string, amount = 50_000, account = "0123456789") =>
    call<TransferView>(transferPost, {
      method: "POST",
      path: "/v1/checkout/transfer",
      key: key.secretKey,
      json: { type: "bank_transfer", account_number: account, bank_code: "058", account_name: "ADA OBI", amount, reference },
    });
  const transferRow = async (reference: string): Promise<Transfer> =>
    (await (await db()).select().from(transfers).where(eq(transfers.reference, reference)))[0]!;
  const verify = (reference: string) =>
    call<TransferView>(verifyGet, { path: `/v1/checkout/transfer/${reference}/verify`, key: key.secretKey, params: { reference } });
  const payInto = async (accountNumber: string, amount: number) => {
    const paid = await h.control.pay({
      account_number: accountNumber,
      amount,
      payer: { name: "Chinedu Okafor", bank: "Guaranty Trust Bank", account: "0011223344" },
    });
    expect(paid.webhook_status).toBe(200);
    await until(() => deliveriesSettled(rail), "the webhook to be processed");
    return paid.provider_reference;
  };
  const liveAccount = async (naira: string) => {
    const r = await call<VirtualAccountView>(virtualAccountPost, {
      method: "POST",
      path: "/v1/checkout/virtual-account",
      key: key.secretKey,
      json: { amount: naira, validity_minutes: 30 },
    });
    expect(r.status, r.text).toBe(200);
    expect(r.body.data!.status).toBe("pending");
    return r.body.data!;
  };

  let hookUrl: string | null = null;
  beforeAll(async () => {
    h = await startRailHarness(rail);
    hookUrl = h.sim.webhookUrl;
    key = await makeKey({ mode: "live", config: { rateLimit: 100_000, permissions: ["checkout", "transfers", "virtual_account"] } });
    walletId = (await getWalletPayId(await db(), { merchantId: key.merchantId, mode: "live" }))!.id;
  });
  afterAll(async () => h?.close());

  it("₦1,234.56 paid into a live account at the rail is booked as exactly 123,456 kobo, once, with charge.success", async () => {
    const account = await liveAccount("1234.56");
    // The account request carried the amount in the provider's unit, exactly.
    const issued = (await h.control.requests()).calls.filter((c) => c.method === "POST" && c.body && JSON.stringify(c.body).match(/123456|1234\.56/));
    expect(issued.length, "the issue request carries the amount").toBeGreaterThan(0);
    expect(JSON.stringify(issued.at(-1)!.body)).toMatch(rail === "paystack" ? /\b123456\b/ : /\b1234\.56\b/);

    const before = await balance();
    const providerReference = await payInto(account.account_number!, 123_456);
    const [payment] = await (
      await db()
    )
      .select()
      .from(payments)
      .where(and(eq(payments.rail, rail), eq(payments.railReference, providerReference)));
    expect(payment, "the payment is booked").toBeDefined();
    expect(payment!.amount).toBe(123_456);
    expect(payment!.mode).toBe("live");
    expect(await balance()).toBe(before + 123_456 - payment!.fee);
    const charges = await (
      await db()
    )
      .select()
      .from(events)
      .where(and(eq(events.keyPairId, key.keyPair.id), eq(events.type, "charge.success")));
    expect(charges.some((e) => (e.data as { reference?: string }).reference === payment!.reference)).toBe(true);
  });

  it("a repeated webhook delivery books nothing more", async () => {
    const before = await balance();
    const count = async () => (await queryRows<{ n: number }>(await db(), sql`select count(*)::int as n from payments where rail = ${rail}`))[0]!.n;
    const n = await count();
    expect((await h.control.replayLastWebhook()).status).toBe(200);
    await until(() => deliveriesSettled(rail), "the replay to be processed");
    expect(await count()).toBe(n);
    expect(await balance()).toBe(before);
  });

  it("a forged signature, or the body re-encoded under its signature, is refused with 401 and nothing is stored", async () => {
    const stored = async () => (await queryRows<{ n: number }>(await db(), sql`select count(*)::int as n from rail_webhooks where rail = ${rail}`))[0]!.n;
    const n = await stored();
    expect((await h.control.forgeWebhook()).status).toBe(401);
    expect((await h.control.reencodeLastWebhook()).status).toBe(401);
    expect(await stored()).toBe(n);
  });

  it("a signed webhook the provider's API contradicts (no such transaction) books nothing", async () => {
    const account = await liveAccount("700.00");
    const ref = await payInto(account.account_number!, 70_000);
    const last = h.sim.webhooks.at(-1)!.rawBody;
    const fake = /^\d+$/.test(ref) ? String(Number(ref) + 777_777) : `${ref}x`;
    const forgedBody = JSON.parse(last.split(ref).join(fake)) as { data?: { id?: unknown } };
    // A new event, not a repeat of the real one (Paystack keys deliveries by the event's id too).
    if (typeof forgedBody.data?.id === "number" && String(forgedBody.data.id) !== fake) forgedBody.data.id += 777_777;
    const n = (await (await db()).select().from(payments).where(eq(payments.rail, rail))).length;
    expect((await h.control.sendWebhook(forgedBody)).status).toBe(200);
    await until(() => deliveriesSettled(rail), "the contradicted webhook to be processed");
    expect((await (await db()).select().from(payments).where(eq(payments.rail, rail))).length).toBe(n);
    const [row] = await (
      await db()
    )
      .select()
      .from(railWebhooks)
      .where(eq(railWebhooks.body, JSON.stringify(forgedBody)));
    expect(row?.outcome).toBe("not_confirmed");
  });

  it("name enquiry goes through the rail (and an expired token, where the rail has one, is renewed once)", async () => {
    await h.control.expireToken();
    const r = await call<{ account_name: string }>(resolvePost, {
      method: "POST",
      path: "/v1/checkout/transfer/banks/resolve",
      key: key.secretKey,
      json: { account_number: "0123456789", bank_code: "058" },
    });
    expect(r.status, r.text).toBe(200);
    expect(r.body.data!.account_name.length).toBeGreaterThan(0);
  });

  it("a payout sent twice under one reference pays once; with no webhook the status query settles it", async () => {
    const reference = `conf-${rail}-${Date.now()}`;
    const first = await newTransfer(reference);
    expect(first.status, first.text).toBe(200);
    const again = await newTransfer(reference);
    expect(again.body.data!.reference).toBe(first.body.data!.reference);
    const row = await transferRow(first.body.data!.reference);
    expect(row.rail).toBe(rail);
    // The rail itself, asked again under the same reference, keeps one transfer.
    await railByName(rail)!.sendTransfer({
      reference: row.reference,
      amount: row.amount,
      bankCode: "058",
      accountNumber: "0123456789",
      accountName: "ADA OBI",
    });
    const state = (await h.control.state()).transfers as Record<string, unknown>[];
    expect(state.filter((t) => JSON.stringify(t).includes(row.railReference!)).length).toBe(1);

    await h.control.settleTransfer({ reference: row.reference, outcome: "success", webhook: false });
    const settled = await verify(row.reference);
    expect(settled.body.data!.status).toBe("completed");
  });

  it("a completed payout the provider reverses becomes reversed: amount and fees back in the wallet, transfer.reversed sent", async () => {
    const before = await balance();
    const r = await newTransfer(`rev-${rail}-${Date.now()}`, 40_000);
    const reference = r.body.data!.reference;
    await h.control.settleTransfer({ reference, outcome: "success" });
    await until(async () => (await transferRow(reference)).status === "completed", "the payout to complete");
    expect(await balance()).toBeLessThan(before);
    await h.control.settleTransfer({ reference, outcome: "reversed" });
    await until(async () => (await transferRow(reference)).status === "reversed", "the payout to be reversed");
    expect(await balance()).toBe(before);
    const reversed = await (
      await db()
    )
      .select()
      .from(events)
      .where(and(eq(events.keyPairId, key.keyPair.id), eq(events.type, "transfer.reversed")));
    expect(reversed.some((e) => (e.data as { reference?: string }).reference === reference)).toBe(true);
  });

  it("a 500 after the provider took the payout leaves it pending at that rail, never sent to the next", async () => {
    h.setLiveRails([rail, "sandbox"]);
    try {
      await h.control.failNext({ path_ends_with: TRANSFER_PATH[rail], method: "POST", status: 500, after_accept: true });
      const r = await newTransfer(`f500-${rail}-${Date.now()}`, 30_000);
      expect(r.status, r.text).toBe(200);
      const row = await transferRow(r.body.data!.reference);
      expect(row.status).toBe("pending");
      expect(row.rail).toBe(rail);
      expect(await (await db()).select().from(sandboxBankTransfers).where(eq(sandboxBankTransfers.reference, row.reference))).toHaveLength(0);
      // The status query finds it at the rail: still one transfer there.
      await verify(row.reference);
      expect((await transferRow(row.reference)).rail).toBe(rail);
    } finally {
      h.setLiveRails([rail]);
    }
  });

  it("a timeout after the provider took the payout leaves it pending at that rail", async () => {
    h.setLiveRails([rail, "sandbox"]);
    try {
      await h.control.failNext({ path_ends_with: TRANSFER_PATH[rail], method: "POST", timeout_ms: 50, after_accept: true });
      const r = await newTransfer(`tmo-${rail}-${Date.now()}`, 30_000);
      const row = await transferRow(r.body.data!.reference);
      expect(row.status).toBe("pending");
      expect(row.rail).toBe(rail);
      expect(await (await db()).select().from(sandboxBankTransfers).where(eq(sandboxBankTransfers.reference, row.reference))).toHaveLength(0);
    } finally {
      h.setLiveRails([rail]);
    }
  });

  it("a payout the provider refuses before accepting moves to the next rail, and is paid there once", async () => {
    h.setLiveRails([rail, "sandbox"]);
    try {
      await h.control.failNext({ path_ends_with: TRANSFER_PATH[rail], method: "POST", status: 400 });
      const r = await newTransfer(`ref400-${rail}-${Date.now()}`, 30_000);
      expect(r.status, r.text).toBe(200);
      const row = await transferRow(r.body.data!.reference);
      expect(row.rail).toBe("sandbox");
      expect(row.railsRefused).toEqual([rail]);
      expect(await (await db()).select().from(sandboxBankTransfers).where(eq(sandboxBankTransfers.reference, row.reference))).toHaveLength(1);
    } finally {
      h.setLiveRails([rail]);
    }
  });

  it("a live checkout session's bank-transfer account is issued at the rail; paying it completes the session through the inbound road", async () => {
    const session = await newSession(key.secretKey, { amount: 250_000, email: "ada@example.com" });
    const method = await selectMethod(key.secretKey, session.session_id, { payment_method: "bank_transfer" });
    expect(method.status, method.text).toBe(200);
    const details = method.body.data as { account_number: string; banks: { provider: string }[] };
    expect(details.account_number).toMatch(/^\d{10}$/);
    expect(details.banks.every((b) => b.provider.startsWith(`${rail}:`))).toBe(true);
    await payInto(details.account_number, 250_000);
    const v = await verifySession(key.secretKey, session.session_id);
    expect(v.body.data!.status).toBe("completed");
  });

  it("a session that leaves bank transfer retires its account; money still paid into it later waits in suspense, never booked twice or lost", async () => {
    const session = await newSession(key.secretKey, { amount: 120_000, email: "ada@example.com" });
    const first = await selectMethod(key.secretKey, session.session_id, { payment_method: "bank_transfer" });
    expect(first.status, first.text).toBe(200);
    const oldAccount = (first.body.data as { account_number: string }).account_number;
    const switched = await selectMethod(key.secretKey, session.session_id, { payment_method: "payid" });
    expect(switched.status, switched.text).toBe(200);
    const ref = await payInto(oldAccount, 120_000);
    const [held] = await (
      await db()
    )
      .select()
      .from(railSuspense)
      .where(and(eq(railSuspense.rail, rail), eq(railSuspense.providerReference, ref)));
    expect(held?.status).toBe("open");
    expect(
      await (
        await db()
      )
        .select()
        .from(payments)
        .where(and(eq(payments.rail, rail), eq(payments.railReference, ref))),
    ).toHaveLength(0);
  });

  it("a delivery stored but never processed (the process died after answering) is booked by the scheduler's pass, once", async () => {
    const account = await liveAccount("321.00");
    // The provider's delivery reaches Owo's receive step only: stored and answered, not processed.
    const hooks = h.sim.webhooks.length;
    h.sim.webhookUrl = null;
    const paid = await h.control.pay({ account_number: account.account_number!, amount: 32_100 });
    h.sim.webhookUrl = hookUrl;
    const sent = h.sim.webhooks[hooks]!;
    const stored = await receiveRailWebhook(await db(), { rail, rawBody: sent.rawBody, headers: new Headers(sent.headers) });
    expect(stored.status).toBe(200);
    const booked = async () =>
      (
        await (
          await db()
        )
          .select()
          .from(payments)
          .where(and(eq(payments.rail, rail), eq(payments.railReference, paid.provider_reference)))
      ).length;
    expect(await booked()).toBe(0);
    await processDueRailWebhooks(await db());
    await processDueRailWebhooks(await db());
    expect(await booked()).toBe(1);
  });

  it("the admin Rails page's figures: today's Owo fees, provider fees and margin are the sums of the rail's payments and payouts; the ledger's clearing balance is what the provider should hold", async () => {
    const [mine] = (await railsOverview(await db())).filter((r) => r.name === rail);
    const [sums] = await queryRows<{ owo: string; provider: string }>(
      await db(),
      sql`select (coalesce((select sum(fee) from payments where rail = ${rail}), 0) + coalesce((select sum(fee) from transfers where rail = ${rail} and status = 'completed'), 0))::text as owo,
                 (coalesce((select sum(rail_fee) from payments where rail = ${rail}), 0) + coalesce((select sum(rail_fee) from transfers where rail = ${rail} and status = 'completed'), 0))::text as provider`,
    );
    expect(mine!.today.owoFees).toBe(Number(sums!.owo));
    expect(mine!.today.providerFees).toBe(Number(sums!.provider));
    expect(mine!.today.margin).toBe(Number(sums!.owo) - Number(sums!.provider));
    expect(mine!.ledgerBalance).toBeGreaterThan(0);
  });

  it("a static-account settlement to the merchant's bank is paid out through the rail, under its payout reference, once", async () => {
    const m = await settlementMerchant({ mode: "live" });
    await setSettlementSettings(await db(), {
      merchantId: m.merchantId,
      mode: "live",
      destination: "bank_account",
      bankCode: "058",
      accountNumber: "0123456789",
    });
    const cutoff = new Date("2090-01-01T15:00:00.000Z");
    await bookedPayment(m, { amount: 300_000, expectedPayoutAt: new Date(cutoff.getTime() - 3_600_000) });
    await runSettlement(await db(), { merchantId: m.merchantId, now: cutoff });
    const [payout] = await payoutRows(m.merchantId);
    expect(payout!.rail).toBe(rail);
    const atProvider = ((await h.control.state()).transfers as Record<string, unknown>[]).filter((t) =>
      JSON.stringify(t).includes(railByName(rail)!.providerReference(payout!.reference)),
    );
    expect(atProvider).toHaveLength(1);
    await h.control.settleTransfer({ reference: payout!.reference, outcome: "success", webhook: false });
    await runSettlement(await db(), { merchantId: m.merchantId, now: new Date(cutoff.getTime() + 3_600_000) });
    expect((await payoutRows(m.merchantId))[0]!.status).toBe("paid_out");
  });

  it("money paid to an account Owo does not know is held in suspense, and an admin can assign it to the merchant once", async () => {
    const providerReference = await payInto("9900000017", 25_000);
    const [held] = await (
      await db()
    )
      .select()
      .from(railSuspense)
      .where(and(eq(railSuspense.rail, rail), eq(railSuspense.providerReference, providerReference)));
    expect(held?.status).toBe("open");
    expect(held!.amount).toBe(25_000);
    const before = await balance();
    await assignSuspense(await db(), { id: held!.id, merchantId: key.merchantId, actor: CLI_ACTOR });
    const [payment] = await (
      await db()
    )
      .select()
      .from(payments)
      .where(and(eq(payments.rail, rail), eq(payments.railReference, providerReference)));
    expect(payment!.amount).toBe(25_000);
    expect(await balance()).toBe(before + 25_000 - payment!.fee);
    await expect(assignSuspense(await db(), { id: held!.id, merchantId: key.merchantId, actor: CLI_ACTOR })).rejects.toThrow(/already/);
  });
});

describe("no rail in live mode (supplement §11)", () => {
  let h: RailHarness;
  let key: Awaited<ReturnType<typeof makeKey>>;
  beforeAll(async () => {
    h = await startRailHarness("monnify", []);
    key = await makeKey({ mode: "live", config: { rateLimit: 100_000, permissions: ["checkout", "transfers", "virtual_account"] } });
  });
  afterAll(async () => h?.close());

  it("a bank transfer, a virtual account and name enquiry answer 503 RAIL_UNAVAILABLE and create or debit nothing", async () => {
    const db = await getDb();
    const wallet = (await getWalletPayId(db, { merchantId: key.merchantId, mode: "live" }))!;
    const before = await walletBalance(db, { payIdId: wallet.id });
    const t = await call(transferPost, {
      method: "POST",
      path: "/v1/checkout/transfer",
      key: key.secretKey,
      json: { type: "bank_transfer", account_number: "0123456789", bank_code: "058", account_name: "ADA OBI", amount: 10_000 },
    });
    expect(t.status).toBe(503);
    expect(t.body.error).toMatchObject({ code: "RAIL_UNAVAILABLE", message: "No payment rail is configured for live mode." });
    const va = await call(virtualAccountPost, { method: "POST", path: "/v1/checkout/virtual-account", key: key.secretKey, json: { amount: "100.00" } });
    expect(va.status).toBe(503);
    expect(va.body.error?.code).toBe("RAIL_UNAVAILABLE");
    const ne = await call(resolvePost, {
      method: "POST",
      path: "/v1/checkout/transfer/banks/resolve",
      key: key.secretKey,
      json: { account_number: "0123456789", bank_code: "058" },
    });
    expect(ne.status).toBe(503);
    expect(await db.select().from(transfers).where(eq(transfers.merchantId, key.merchantId))).toHaveLength(0);
    expect((await queryRows<{ n: number }>(db, sql`select count(*)::int as n from virtual_accounts where merchant_id = ${key.merchantId}::uuid`))[0]!.n).toBe(
      0,
    );
    expect(await walletBalance(db, { payIdId: wallet.id })).toBe(before);
  });
});
