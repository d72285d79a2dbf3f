import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { isRailRefused, RailUnknownError } from "@/lib/rails/rail-errors";
import { SimControlClient } from "@/lib/rails/simulator/sim-control";
import type { SimServer } from "@/lib/rails/simulator/sim-server";
import { createMonnifyRail, MONNIFY_SIM_DEFAULTS, startMonnifySimulator, type MonnifyRail } from "./index";
import type { MonnifyConfig } from "@/lib/rails/rail-config";
import { envelope, firstRecord, kobo, monnifyDate } from "./parse";
import { mapTransferStatus } from "./payouts";

let sim: SimServer;
let control: SimControlClient;
let rail: MonnifyRail;
let n = 0;
const ref = (kind = "trf") => `${kind}_test${Date.now().toString(36)}${++n}`;
const config = (): MonnifyConfig => ({ ...MONNIFY_SIM_DEFAULTS, baseUrl: sim.url });
const transfer = (over: Partial<Parameters<MonnifyRail["sendTransfer"]>[0]> = {}) => ({
  reference: ref(),
  amount: 50_000,
  bankCode: "058",
  accountNumber: "0123456789",
  accountName: "ADA OBI",
  narration: "Payout",
  ...over,
});
const logins = () => sim.calls.filter((c) => c.path === "/api/v1/auth/login").length;
const lastCall = (path: string) => sim.calls.filter((c) => c.path === path).at(-1);

beforeAll(async () => {
  sim = await startMonnifySimulator();
  control = new SimControlClient(sim.url);
  rail = createMonnifyRail(config(), { timeoutMs: 2_000 });
});

afterAll(async () => {
  await sim.close();
});

async function reservedAccount(reference = ref("sa")) {
  const issue = await rail.issueStaticAccount({
    provider: "monnify:035",
    reference,
    accountName: "Ada Stores",
    customerName: "Ada Obi",
    identityType: "bvn",
    identityNumber: "22212345678",
    customerEmail: "ada@example.com",
  });
  if (!issue.issued) throw new Error(issue.reason);
  return issue;
}

describe("Monnify rail against its simulator", () => {
  it("name enquiry: a known account resolves to its name, an unknown one is ACCOUNT_NOT_FOUND", async () => {
    const found = await rail.resolveAccount({ accountNumber: "0123456789", bankCode: "058" });
    expect(found).toMatchObject({ account_number: "0123456789", bank_code: "058" });
    expect(found.account_name.length).toBeGreaterThan(3);
    await expect(rail.resolveAccount({ accountNumber: MONNIFY_SIM_DEFAULTS.unknownAccount, bankCode: "058" })).rejects.toMatchObject({
      code: "ACCOUNT_NOT_FOUND",
      status: 400,
    });
  });

  it("₦1,234.56 is sent as the naira number 1234.56 and read back as 123,456 kobo", async () => {
    const t = transfer({ amount: 123_456 });
    await rail.sendTransfer(t);
    const sent = lastCall("/api/v2/disbursements/single")!;
    expect((sent.body as Record<string, unknown>).amount).toBe(1234.56);
    expect(JSON.stringify(sent.body)).toContain('"amount":1234.56');
    expect((sent.body as Record<string, unknown>).reference).toBe(t.reference);

    const account = await reservedAccount();
    const paid = await control.pay({ account_number: account.accountNumber, amount: 123_456 });
    const inbound = await rail.verifyInbound(paid.provider_reference);
    expect(inbound?.amount).toBe(123_456);
    expect(JSON.stringify(lastCall(`/api/v2/transactions/${encodeURIComponent(paid.provider_reference)}`)?.response)).toContain('"amountPaid":"1234.56"');
  });

  it("a transfer sent twice with the same reference pays once (D05 → the first transfer's status)", async () => {
    const t = transfer({ amount: 70_000 });
    const before = (await control.state()) as { balance?: number };
    const first = await rail.sendTransfer(t);
    const second = await rail.sendTransfer(t);
    expect(first.status).toBe("pending");
    expect(second).toEqual(first);
    const after = (await control.state()) as { balance?: number; transfers: { reference: string }[] };
    expect(after.transfers.filter((x) => x.reference === t.reference)).toHaveLength(1);
    expect((before.balance ?? 0) - (after.balance ?? 0)).toBe(70_000 + MONNIFY_SIM_DEFAULTS.transferFee);
    expect(lastCall("/api/v2/disbursements/single")?.response).toMatchObject({ responseCode: "D05" });
  });

  it("a 500 on sendTransfer is an unknown outcome, not a refusal", async () => {
    await control.failNext({ path_contains: "/api/v2/disbursements/single", status: 500 });
    const error = await rail.sendTransfer(transfer()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RailUnknownError);
    expect(isRailRefused(error)).toBe(false);
  });

  it("a timeout on sendTransfer is an unknown outcome", async () => {
    const quick = createMonnifyRail(config(), { timeoutMs: 300 });
    await quick.resolveAccount({ accountNumber: "0123456789", bankCode: "058" }); // token first
    await control.failNext({ path_contains: "/api/v2/disbursements/single", timeout_ms: 1_000 });
    const error = await quick.sendTransfer(transfer()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RailUnknownError);
    expect(isRailRefused(error)).toBe(false);
  });

  it("documented refusals (D04 insufficient balance, D03 invalid account) throw RailRefusedError", async () => {
    const { balance } = (await control.state()) as { balance?: number };
    await control.setBalance(100);
    const poor = await rail.sendTransfer(transfer()).catch((e: unknown) => e);
    await control.setBalance(balance ?? MONNIFY_SIM_DEFAULTS.balance);
    expect(isRailRefused(poor)).toBe(true);
    const invalid = await rail.sendTransfer(transfer({ accountNumber: MONNIFY_SIM_DEFAULTS.unknownAccount })).catch((e: unknown) => e);
    expect(isRailRefused(invalid)).toBe(true);
  });

  it("status after settle: success → completed (with Monnify's fee), failed → failed, reversed → reversed", async () => {
    const outcomes = [
      ["success", "completed"],
      ["failed", "failed"],
      ["reversed", "reversed"],
    ] as const;
    for (const [outcome, expected] of outcomes) {
      const t = transfer();
      await rail.sendTransfer(t);
      expect((await rail.getTransferStatus(t.reference))?.status).toBe("pending");
      await control.settleTransfer({ reference: t.reference, outcome, webhook: false });
      const status = await rail.getTransferStatus(t.reference);
      expect(status?.status).toBe(expected);
      expect(status?.fee).toBe(MONNIFY_SIM_DEFAULTS.transferFee);
      if (expected !== "completed") expect(status?.reason).toBeTruthy();
    }
  });

  it("a transfer held for its OTP (PENDING_AUTHORIZATION) is pending with attention", async () => {
    const t = transfer({ accountNumber: MONNIFY_SIM_DEFAULTS.otpAccount });
    const sent = await rail.sendTransfer(t);
    expect(sent.status).toBe("pending");
    expect(sent.attention).toMatch(/OTP/);
    expect((await rail.getTransferStatus(t.reference))?.attention).toMatch(/validate-otp/);
  });

  it("an unknown transfer's status is null", async () => {
    expect(await rail.getTransferStatus(ref())).toBeNull();
  });

  it("verifySignature accepts the simulator's signed delivery, refuses a re-encoded body and a forged signature", async () => {
    const t = transfer();
    await rail.sendTransfer(t);
    await control.settleTransfer({ reference: t.reference, outcome: "success" });
    const signed = sim.webhooks.at(-1)!;
    expect(rail.verifySignature(signed.rawBody, new Headers(signed.headers))).toBe(true);
    expect(rail.verifySignature(signed.rawBody, new Headers())).toBe(false);
    await control.reencodeLastWebhook();
    const reencoded = sim.webhooks.at(-1)!;
    expect(reencoded.rawBody).not.toBe(signed.rawBody);
    expect(rail.verifySignature(reencoded.rawBody, new Headers(reencoded.headers))).toBe(false);
    await control.forgeWebhook();
    const forged = sim.webhooks.at(-1)!;
    expect(rail.verifySignature(forged.rawBody, new Headers(forged.headers))).toBe(false);
  });

  it("parseNotice: inbound and transfer events; a repeated delivery keeps its dedupe key, another event of the same transfer does not", async () => {
    const account = await reservedAccount();
    const paid = await control.pay({ account_number: account.accountNumber, amount: 10_000 });
    const inbound = rail.parseNotice(sim.webhooks.at(-1)!.rawBody);
    expect(inbound).toEqual({ kind: "inbound", lookup: paid.provider_reference, dedupeKey: `SUCCESSFUL_TRANSACTION:${paid.provider_reference}` });

    const t = transfer();
    await rail.sendTransfer(t);
    await control.settleTransfer({ reference: t.reference, outcome: "success" });
    const success = rail.parseNotice(sim.webhooks.at(-1)!.rawBody);
    expect(success).toMatchObject({ kind: "transfer", reference: rail.providerReference(t.reference) });
    await control.replayLastWebhook();
    expect(rail.parseNotice(sim.webhooks.at(-1)!.rawBody).dedupeKey).toBe(success.dedupeKey);
    await control.settleTransfer({ reference: t.reference, outcome: "reversed" });
    const reversed = rail.parseNotice(sim.webhooks.at(-1)!.rawBody);
    expect(reversed.kind).toBe("transfer");
    expect(reversed.dedupeKey).not.toBe(success.dedupeKey);
    expect(rail.parseNotice(JSON.stringify({ eventType: "SETTLEMENT", eventData: { settlementReference: "X1" } })).kind).toBe("ignored");
    expect(() => rail.parseNotice("{}")).toThrow();
  });

  it("verifyInbound reports the amount paid, Monnify's fee, the account reached and the payer; an unknown reference is null", async () => {
    const account = await reservedAccount();
    const paid = await control.pay({
      account_number: account.accountNumber,
      amount: 250_000,
      payer: { name: "CHIOMA EZE", bank: "Zenith Bank", account: "2234567890" },
      session_id: "000015250101120000123456789012",
    });
    const inbound = await rail.verifyInbound(paid.provider_reference);
    expect(inbound).toMatchObject({
      status: "success",
      providerReference: paid.provider_reference,
      amount: 250_000,
      fee: 2_500,
      accountNumber: account.accountNumber,
      accountReference: account.railReference,
      payer: { name: "CHIOMA EZE", bank: "Zenith Bank", account: "2234567890" },
      sessionId: "000015250101120000123456789012",
    });
    expect(inbound?.paidAt).toBeInstanceOf(Date);
    expect(await rail.verifyInbound("MNFY|00|20200101000000|999999")).toBeNull();
  });

  it("issues a static (reserved) account at the chosen bank, the same one again for the same reference", async () => {
    const reference = ref("sa");
    const first = await reservedAccount(reference);
    expect(first).toMatchObject({ issued: true, bankCode: "035", bankName: "Wema Bank", railReference: reference });
    expect((lastCall("/api/v2/bank-transfer/reserved-accounts")?.body as Record<string, unknown>).preferredBanks).toEqual(["035"]);
    expect((await reservedAccount(reference)).accountNumber).toBe(first.accountNumber);
    const base = { reference: ref("sa"), accountName: "X", customerName: "X Y", identityNumber: "22212345678", customerEmail: "x@example.com" };
    expect(await rail.issueStaticAccount({ ...base, provider: "monnify:035", identityType: "rc" })).toMatchObject({ issued: false, outcome: "rejected" });
    expect(await rail.issueStaticAccount({ ...base, provider: "paystack:wema", identityType: "bvn" })).toMatchObject({ issued: false, outcome: "rejected" });
    expect(await rail.retireStaticAccount(reference)).toEqual({ retired: true });
  });

  it("issues a one-off account for an amount; it is retired only once its transaction has ended", async () => {
    const reference = ref("va");
    const request = {
      provider: "monnify:50515",
      reference,
      accountName: "Ada Stores",
      amount: 500_000,
      amountValidation: "A0" as const,
      expiresAt: new Date(Date.now() + 30 * 60_000),
      customerEmail: "buyer@example.com",
    };
    const issue = await rail.issueVirtualAccount(request);
    if (!issue.issued) throw new Error(issue.reason);
    expect(issue.railReference).toMatch(/^MNFY\|/);
    expect((lastCall("/api/v1/merchant/transactions/init-transaction")?.body as Record<string, unknown>).amount).toBe(5000);
    expect(
      await rail.retireVirtualAccount({ provider: request.provider, reference, accountNumber: issue.accountNumber, railReference: issue.railReference }),
    ).toMatchObject({ retired: false });
    const paid = await control.pay({ account_number: issue.accountNumber, amount: 500_000 });
    expect(paid.provider_reference).toBe(issue.railReference);
    expect(await rail.verifyInbound(paid.provider_reference)).toMatchObject({
      status: "success",
      amount: 500_000,
      accountNumber: issue.accountNumber,
      accountReference: issue.railReference,
    });
    expect(await rail.retireVirtualAccount({ provider: request.provider, reference, accountNumber: issue.accountNumber })).toEqual({ retired: true });
    expect(await rail.issueVirtualAccount({ ...request, reference: ref("va"), expiresAt: new Date(Date.now() + 3 * 3600_000) })).toMatchObject({
      issued: false,
    });
    expect(await rail.issueVirtualAccount({ ...request, reference: ref("va"), amount: null })).toMatchObject({ issued: false });
  });

  it("refunds through Monnify's refund API, once per reference, and reads the outcome back", async () => {
    const account = await reservedAccount();
    const paid = await control.pay({
      account_number: account.accountNumber,
      amount: 300_000,
      payer: { name: "TUNDE BELLO", bank: "058", account: "0987654321" },
    });
    const input = {
      reference: ref("rfd"),
      paymentReference: paid.provider_reference,
      amount: 300_000,
      payer: { name: "TUNDE BELLO", bank: "058", account: "0987654321" },
      channel: "static_account",
    };
    expect((await rail.refundPayment(input)).status).toBe("pending");
    expect((lastCall("/api/v1/refunds/initiate-refund")?.body as Record<string, unknown>).refundAmount).toBe(3000);
    expect((await rail.refundPayment(input)).status).toBe("pending");
    const { refunds } = (await control.state()) as { refunds?: { refundReference: string }[] };
    expect(refunds?.filter((r) => r.refundReference === input.reference)).toHaveLength(1);
    await control.settleTransfer({ reference: input.reference, outcome: "success" });
    expect(rail.parseNotice(sim.webhooks.at(-1)!.rawBody)).toMatchObject({ kind: "transfer", reference: input.reference });
    expect((await rail.getTransferStatus(input.reference))?.status).toBe("completed");
    expect((await rail.refundPayment(input)).status).toBe("completed");
  });

  it("checks a name against a BVN and a NIN; CAC is unavailable", async () => {
    expect(await rail.verifyIdentity({ identityType: "bvn", identityNumber: "22212345678", name: "Ada Obi" })).toEqual({ outcome: "match" });
    expect(await rail.verifyIdentity({ identityType: "bvn", identityNumber: "22212340000", name: "Ada Obi" })).toEqual({ outcome: "mismatch" });
    expect(await rail.verifyIdentity({ identityType: "nin", identityNumber: "12345678901", name: "obi ada" })).toEqual({ outcome: "match" });
    expect(await rail.verifyIdentity({ identityType: "bvn", identityNumber: "22212349999", name: "Ada Obi" })).toMatchObject({ outcome: "unavailable" });
    expect(await rail.verifyIdentity({ identityType: "rc", identityNumber: "RC123456", name: "Ada Ltd" })).toMatchObject({ outcome: "unavailable" });
  });

  it("balance is the wallet's availableBalance in kobo", async () => {
    const { balance } = (await control.state()) as { balance?: number };
    await control.setBalance(12_345_678);
    expect(await rail.balance()).toBe(12_345_678);
    await control.setBalance(balance ?? MONNIFY_SIM_DEFAULTS.balance);
  });

  it("an expired token is renewed once on the 401 and the call repeated once", async () => {
    await rail.resolveAccount({ accountNumber: "0123456789", bankCode: "058" });
    const before = logins();
    await control.expireToken();
    await rail.resolveAccount({ accountNumber: "0123456789", bankCode: "058" });
    expect(logins()).toBe(before + 1);
    const validations = sim.calls.filter((c) => c.path === "/api/v1/disbursements/account/validate").slice(-2);
    expect(validations.map((c) => c.status)).toEqual([401, 200]);
  });

  it("the token is renewed before it expires, without waiting for a 401", async () => {
    let clock = Date.now();
    const timed = createMonnifyRail(config(), { now: () => clock });
    await timed.resolveAccount({ accountNumber: "0123456789", bankCode: "058" });
    const before = logins();
    clock += (MONNIFY_SIM_DEFAULTS.tokenTtlSeconds - 30) * 1000;
    await timed.resolveAccount({ accountNumber: "0123456789", bankCode: "058" });
    expect(logins()).toBe(before + 1);
    expect(sim.calls.filter((c) => c.path === "/api/v1/disbursements/account/validate").at(-1)?.status).toBe(200);
  });
});

describe("reading Monnify's documented variants", () => {
  it("dates: ISO, 'yyyy-MM-dd HH:mm:ss.SSS' and 'dd/MM/yyyy h:mm:ss AM' (Lagos time when no zone)", () => {
    expect(monnifyDate("2021-11-17 11:28:42.615")?.toISOString()).toBe("2021-11-17T10:28:42.615Z");
    expect(monnifyDate("17/03/2021 3:23:32 PM")?.toISOString()).toBe("2021-03-17T14:23:32.000Z");
    expect(monnifyDate("09/09/2020 12:05:00 AM")?.toISOString()).toBe("2020-09-08T23:05:00.000Z");
    expect(monnifyDate("2026-05-24T10:18:55.000Z")?.toISOString()).toBe("2026-05-24T10:18:55.000Z");
    expect(monnifyDate("nonsense")).toBeNull();
  });

  it("envelopes without requestSuccessful, amounts as text, a payer as one object, transactionStatus", () => {
    expect(envelope(200, { responseCode: "00", responseBody: { a: 1 } }).ok).toBe(true);
    expect(envelope(400, { requestSuccessful: false, responseCode: "D04", responseMessage: "Insufficient balance" })).toMatchObject({ ok: false, code: "D04" });
    expect(kobo("180000.00")).toBe(18_000_000);
    expect(kobo(10.5)).toBe(1_050);
    expect(kobo("1.234")).toBeNull();
    expect(firstRecord({ accountNumber: "5141901487" })).toEqual({ accountNumber: "5141901487" });
    expect(firstRecord([])).toBeNull();
    expect(mapTransferStatus({ transactionStatus: "SUCCESS", fee: 10 })).toEqual({ status: "completed", reason: null, fee: 1_000 });
    expect(mapTransferStatus({ status: "OTP_EMAIL_DISPATCH_FAILED" }).attention).toMatch(/resend/);
  });
});
