import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { RailRefusedError, RailUnknownError } from "@/lib/rails/rail-errors";
import type { PaystackConfig } from "@/lib/rails/rail-config";
import { SimControlClient } from "@/lib/rails/simulator/sim-control";
import type { SimServer } from "@/lib/rails/simulator/sim-server";
import { createPaystackRail, PAYSTACK_SIM_DEFAULTS, startPaystackSimulator, type PaystackRail } from "./index";
import { mapTransferStatus, OTP_ATTENTION, APPROVAL_ATTENTION } from "./payouts";
import { chargeReference, providerReference } from "./reference";
import { NEEDS_ATTENTION } from "./refunds";
import { signPaystackBody, SIGNATURE_HEADER } from "./webhook";

let sim: SimServer;
let control: SimControlClient;
let rail: PaystackRail;
let n = 0;
/** Owo's transfer references look like this (upper case). */
const ref = () => `TRF_${Date.now().toString(36).toUpperCase()}TEST${++n}`;
const config = (): PaystackConfig => ({ secretKey: PAYSTACK_SIM_DEFAULTS.secretKey, baseUrl: sim.url });
const transfer = (over: Partial<Parameters<PaystackRail["sendTransfer"]>[0]> = {}) => ({
  reference: ref(),
  amount: 50_000,
  bankCode: "058",
  accountNumber: "0123456789",
  accountName: "ADA OBI",
  narration: "Payout",
  ...over,
});
const callsTo = (method: string, path: string) => sim.calls.filter((c) => c.method === method && c.path === path);
const lastCall = (method: string, path: string) => callsTo(method, path).at(-1);
type State = {
  balance: number;
  transfers: { reference: string; status: string }[];
  accounts: { accountNumber: string }[];
  refunds: { id: number; status: string }[];
};
const state = async () => (await control.state()) as unknown as State;
const lastWebhook = () => sim.webhooks.at(-1)!;

beforeAll(async () => {
  sim = await startPaystackSimulator();
  control = new SimControlClient(sim.url);
  rail = createPaystackRail(config(), { timeoutMs: 2_000 });
});

afterAll(async () => {
  await sim.close();
});

async function oneOffAccount(amount = 123_456) {
  const reference = `VA_${Date.now().toString(36)}x${++n}`;
  const issue = await rail.issueVirtualAccount({
    provider: "paystack:wema-bank",
    reference,
    accountName: "Owo/Ada Stores",
    amount,
    amountValidation: "A0",
    expiresAt: new Date(Date.now() + 30 * 60_000),
    customerEmail: "ada@example.com",
  });
  if (!issue.issued) throw new Error(issue.reason);
  return { ...issue, reference };
}

const staticRequest = (over: Partial<Parameters<PaystackRail["issueStaticAccount"]>[0]> = {}) => ({
  provider: "paystack:wema-bank",
  reference: `sa_${Date.now().toString(36)}Ab${++n}`,
  accountName: "Ada Obi",
  customerName: "Ada Obi",
  identityType: "bvn" as const,
  identityNumber: "22222222222",
  customerEmail: "ada@example.com",
  customerPhone: "+2348100000000",
  ...over,
});

describe("Paystack rail against its simulator", () => {
  it("name enquiry: a known account resolves to its name; an unknown one is ACCOUNT_NOT_FOUND", async () => {
    const found = await rail.resolveAccount({ accountNumber: "0123456789", bankCode: "058" });
    expect(found).toMatchObject({ account_number: "0123456789", bank_code: "058" });
    expect(found.account_name.length).toBeGreaterThan(3);
    expect(lastCall("GET", "/bank/resolve")?.query).toBe("?account_number=0123456789&bank_code=058");
    await expect(rail.resolveAccount({ accountNumber: PAYSTACK_SIM_DEFAULTS.unknownAccount, bankCode: "058" })).rejects.toMatchObject({
      code: "ACCOUNT_NOT_FOUND",
      status: 400,
    });
  });

  it("every call carries the secret key as a Bearer token; a wrong key is a refusal (401) and nothing is sent", async () => {
    expect(lastCall("GET", "/bank/resolve")?.headers.authorization).toBe(`Bearer ${PAYSTACK_SIM_DEFAULTS.secretKey}`);
    const wrong = createPaystackRail({ ...config(), secretKey: "sk_test_wrong" });
    const before = (await state()).transfers.length;
    await expect(wrong.sendTransfer(transfer())).rejects.toBeInstanceOf(RailRefusedError);
    expect((await state()).transfers.length).toBe(before);
  });

  it("₦1,234.56 travels as 123456 kobo (a JSON integer) and comes back as 123,456 kobo exactly", async () => {
    const t = transfer({ amount: 123_456 });
    await rail.sendTransfer(t);
    const sent = lastCall("POST", "/transfer")!;
    expect(sent.body).toMatchObject({ source: "balance", amount: 123_456, currency: "NGN", reference: providerReference(t.reference) });
    expect(JSON.stringify(sent.body)).toContain('"amount":123456');
    expect(lastCall("POST", "/transferrecipient")?.body).toMatchObject({ type: "nuban", account_number: "0123456789", bank_code: "058", currency: "NGN" });

    const account = await oneOffAccount(123_456);
    expect(JSON.stringify(lastCall("POST", "/charge")!.body)).toContain('"amount":123456');
    const paid = await control.pay({ account_number: account.accountNumber, amount: 123_456 });
    const inbound = await rail.verifyInbound(paid.provider_reference);
    expect(inbound?.amount).toBe(123_456);
    expect(JSON.stringify(lastCall("GET", `/transaction/verify/${paid.provider_reference}`)?.response)).toContain('"amount":123456');
  });

  it("a transfer sent twice with the same reference is paid once; the second call answers the first transfer's status", async () => {
    const t = transfer({ amount: 70_000 });
    const before = await state();
    const first = await rail.sendTransfer(t);
    const again = await rail.sendTransfer(t);
    expect(first.status).toBe("pending");
    expect(again.status).toBe("pending");
    const after = await state();
    expect(after.transfers.filter((x) => x.reference === providerReference(t.reference))).toHaveLength(1);
    expect(before.balance - after.balance).toBe(70_000 + 1_000);
    // The second POST was refused as a duplicate; the status query answered.
    const posts = callsTo("POST", "/transfer").filter((c) => (c.body as { reference?: string }).reference === providerReference(t.reference));
    expect(posts.map((c) => c.status)).toEqual([200, 400]);
    expect(lastCall("GET", `/transfer/verify/${providerReference(t.reference)}`)?.status).toBe(200);
  });

  it("a 500 from POST /transfer is an unknown outcome, never a refusal", async () => {
    await control.failNext({ path_ends_with: "/transfer", method: "POST", status: 500 });
    const error = await rail.sendTransfer(transfer()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RailUnknownError);
    expect(error).not.toBeInstanceOf(RailRefusedError);
  });

  it("a timeout on POST /transfer is an unknown outcome; when Paystack took it, the status query and a repeat find it and pay nothing more", async () => {
    const fast = createPaystackRail(config(), { timeoutMs: 300 });
    await control.failNext({ path_ends_with: "/transfer", method: "POST", timeout_ms: 1_000, after_accept: true });
    const t = transfer({ amount: 40_000 });
    const error = await fast.sendTransfer(t).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RailUnknownError);
    expect(await rail.getTransferStatus(t.reference)).toMatchObject({ status: "pending" });
    const before = await state();
    expect(await rail.sendTransfer(t)).toMatchObject({ status: "pending" });
    expect((await state()).balance).toBe(before.balance);
  });

  it("documented refusals before acceptance throw RailRefusedError and create no transfer (insufficient balance, an account that does not resolve)", async () => {
    const { balance } = await state();
    await control.setBalance(10_000);
    const poor = transfer({ amount: 50_000 });
    await expect(rail.sendTransfer(poor)).rejects.toBeInstanceOf(RailRefusedError);
    expect(lastCall("POST", "/transfer")?.response).toMatchObject({ status: false, message: "Your balance is not enough to fulfil this request" });
    await control.setBalance(balance);
    const nowhere = transfer({ accountNumber: PAYSTACK_SIM_DEFAULTS.unknownAccount });
    await expect(rail.sendTransfer(nowhere)).rejects.toBeInstanceOf(RailRefusedError);
    const refs = (await state()).transfers.map((x) => x.reference);
    expect(refs).not.toContain(providerReference(poor.reference));
    expect(refs).not.toContain(providerReference(nowhere.reference));
  });

  it("status after settle: success → completed with Paystack's fee; failed → failed with its reason; reversed → reversed", async () => {
    const outcomes = [
      ["success", "completed"],
      ["failed", "failed"],
      ["reversed", "reversed"],
    ] as const;
    for (const [outcome, expected] of outcomes) {
      const t = transfer({ amount: 600_000 });
      await rail.sendTransfer(t);
      await control.settleTransfer({ reference: t.reference, outcome });
      const status = await rail.getTransferStatus(t.reference);
      expect(status?.status).toBe(expected);
      expect(status?.fee).toBe(2_500);
      if (expected !== "completed") expect(status?.reason).toBeTruthy();
      const notice = rail.parseNotice(lastWebhook().rawBody);
      expect(notice).toMatchObject({ kind: "transfer", reference: providerReference(t.reference) });
    }
  });

  it("an OTP-enabled integration answers status otp: pending with attention naming what the person must do", async () => {
    await fetch(`${sim.url}/__sim/otp`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ enabled: true }) });
    try {
      const t = transfer();
      const answer = await rail.sendTransfer(t);
      expect(answer).toMatchObject({ status: "pending", attention: OTP_ATTENTION });
      expect(await rail.getTransferStatus(t.reference)).toMatchObject({ status: "pending", attention: OTP_ATTENTION });
    } finally {
      await fetch(`${sim.url}/__sim/otp`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ enabled: false }) });
    }
  });

  it("a transfer Paystack never received is null (404 Transfer not found)", async () => {
    expect(await rail.getTransferStatus("TRF_NEVERSENT000000")).toBeNull();
    expect(lastCall("GET", `/transfer/verify/${providerReference("TRF_NEVERSENT000000")}`)?.status).toBe(404);
  });

  it("verifySignature accepts the simulator's signed delivery and refuses a forged signature and a re-encoded body", async () => {
    const account = await oneOffAccount(20_000);
    await control.pay({ account_number: account.accountNumber, amount: 20_000 });
    const signed = lastWebhook();
    expect(signed.headers[SIGNATURE_HEADER]).toBe(signPaystackBody(signed.rawBody, PAYSTACK_SIM_DEFAULTS.secretKey));
    expect(rail.verifySignature(signed.rawBody, new Headers(signed.headers))).toBe(true);

    await control.forgeWebhook();
    const forged = lastWebhook();
    expect(forged.rawBody).toBe(signed.rawBody);
    expect(rail.verifySignature(forged.rawBody, new Headers(forged.headers))).toBe(false);

    await control.reencodeLastWebhook();
    const reencoded = sim.webhooks.at(-1)!;
    expect(reencoded.rawBody).not.toBe(signed.rawBody);
    expect(rail.verifySignature(reencoded.rawBody, new Headers(reencoded.headers))).toBe(false);
    expect(rail.verifySignature(signed.rawBody, new Headers({}))).toBe(false);
  });

  it("parseNotice: charge.success is inbound (lookup = the transaction reference); a repeated delivery has the same dedupeKey, another event of the transfer a different one", async () => {
    const account = await oneOffAccount(30_000);
    const paid = await control.pay({ account_number: account.accountNumber, amount: 30_000 });
    const first = rail.parseNotice(lastWebhook().rawBody);
    expect(first).toMatchObject({ kind: "inbound", lookup: paid.provider_reference });
    await control.replayLastWebhook();
    expect(rail.parseNotice(lastWebhook().rawBody).dedupeKey).toBe(first.dedupeKey);

    const t = transfer();
    await rail.sendTransfer(t);
    await control.settleTransfer({ reference: t.reference, outcome: "success" });
    const success = rail.parseNotice(lastWebhook().rawBody);
    await control.settleTransfer({ reference: t.reference, outcome: "reversed" });
    const reversed = rail.parseNotice(lastWebhook().rawBody);
    expect(success.kind).toBe("transfer");
    expect(reversed).toMatchObject({ kind: "transfer", reference: providerReference(t.reference) });
    expect(reversed.dedupeKey).not.toBe(success.dedupeKey);
    expect(rail.parseNotice(JSON.stringify({ event: "customeridentification.success", data: { customer_id: 1 } }))).toMatchObject({ kind: "ignored" });
    expect(() => rail.parseNotice("not json")).toThrow();
  });

  it("verifyInbound reports the amount, fee, account and payer after pay; the pay-with-transfer charge is the account's reference; unknown → null", async () => {
    const account = await oneOffAccount(250_000);
    const paid = await control.pay({
      account_number: account.accountNumber,
      amount: 250_000,
      payer: { name: "TUNDE BAKARE", bank: "Zenith Bank", account: "2233445566" },
    });
    const inbound = await rail.verifyInbound(paid.provider_reference);
    expect(inbound).toMatchObject({
      status: "success",
      providerReference: paid.provider_reference,
      amount: 250_000,
      fee: 13_750,
      accountNumber: account.accountNumber,
      accountReference: account.railReference,
      payer: { name: "TUNDE BAKARE", bank: "Zenith Bank", account: "XXXXXX5566" },
    });
    expect(inbound?.paidAt).toBeInstanceOf(Date);

    const dva = await rail.issueStaticAccount(staticRequest());
    if (!dva.issued) throw new Error(dva.reason);
    const toDva = await control.pay({ account_number: dva.accountNumber, amount: 1_000_000 });
    expect(await rail.verifyInbound(toDva.provider_reference)).toMatchObject({
      status: "success",
      amount: 1_000_000,
      fee: 10_000,
      accountNumber: dva.accountNumber,
      accountReference: null,
    });
    expect(await rail.verifyInbound("T000000000000")).toBeNull();
  });

  it("a pay-with-transfer charge is pending until paid; a wrong amount is refused by Paystack and leaves it pending", async () => {
    const account = await oneOffAccount(50_000);
    expect((await rail.verifyInbound(account.railReference!))?.status).toBe("pending");
    const wrong = await control.pay({ account_number: account.accountNumber, amount: 40_000 });
    expect(wrong.provider_reference).toBe(account.railReference);
    expect(JSON.parse(lastWebhook().rawBody)).toMatchObject({ event: "bank.transfer.rejected" });
    expect(rail.parseNotice(lastWebhook().rawBody).kind).toBe("ignored");
    expect((await rail.verifyInbound(account.railReference!))?.status).toBe("pending");
  });

  it("issues a one-off account through POST /charge (bank_transfer, expiry) and refuses an unknown bank key or no amount", async () => {
    const expiresAt = new Date(Date.now() + 20 * 60_000);
    const issue = await rail.issueVirtualAccount({
      provider: "paystack:titan-paystack",
      reference: "VA_AbCdEf123",
      accountName: "Shop",
      amount: 500_000,
      amountValidation: "A0",
      expiresAt,
    });
    expect(issue).toMatchObject({ issued: true, bankCode: "100039", railReference: "VA-AbCdEf123" });
    expect(lastCall("POST", "/charge")?.body).toMatchObject({
      amount: 500_000,
      reference: "VA-AbCdEf123",
      bank_transfer: { account_expires_at: expiresAt.toISOString() },
    });
    expect(
      await rail.issueVirtualAccount({ provider: "monnify:035", reference: "VA_x1", accountName: "Shop", amount: 500_000, amountValidation: "A0", expiresAt }),
    ).toMatchObject({ issued: false });
    expect(
      await rail.issueVirtualAccount({
        provider: "paystack:wema-bank",
        reference: "VA_x2",
        accountName: "Shop",
        amount: null,
        amountValidation: "A0",
        expiresAt,
      }),
    ).toMatchObject({ issued: false });
  });

  it("issues a static (dedicated) account at the chosen bank; a repeated call answers the same account; attempt 1 a different one", async () => {
    const req = staticRequest({ provider: "paystack:titan-paystack" });
    const first = await rail.issueStaticAccount(req);
    expect(first).toMatchObject({ issued: true, bankCode: "100039", bankName: "Paystack-Titan" });
    expect(lastCall("POST", "/dedicated_account")?.body).toEqual({ customer: expect.stringMatching(/^CUS_/), preferred_bank: "titan-paystack" });
    expect(lastCall("POST", "/customer")?.body).toMatchObject({ first_name: "Ada", last_name: "Obi", phone: "+2348100000000" });
    const again = await rail.issueStaticAccount(req);
    expect(again).toEqual(first);
    const other = await rail.issueStaticAccount({ ...req, attempt: 1 });
    expect(other.issued && first.issued && other.accountNumber !== first.accountNumber).toBe(true);
    // Paystack needs the customer's phone for a dedicated account: without one it refuses.
    expect(await rail.issueStaticAccount(staticRequest({ customerPhone: null }))).toMatchObject({ issued: false, outcome: "rejected" });
  });

  it("retires a one-off account only once its charge has ended (Paystack cannot close it early)", async () => {
    const account = await oneOffAccount(20_000);
    expect(
      await rail.retireVirtualAccount({
        provider: "paystack:wema-bank",
        reference: account.reference,
        accountNumber: account.accountNumber,
        railReference: account.railReference,
      }),
    ).toMatchObject({ retired: false });
    await control.pay({ account_number: account.accountNumber, amount: 20_000 });
    expect(
      await rail.retireVirtualAccount({
        provider: "paystack:wema-bank",
        reference: account.reference,
        accountNumber: account.accountNumber,
        railReference: account.railReference,
      }),
    ).toEqual({ retired: true });
  });

  it("refunds through POST /refund once per reference, and follows the refund's status", async () => {
    const account = await oneOffAccount(80_000);
    const paid = await control.pay({ account_number: account.accountNumber, amount: 80_000 });
    const input = {
      reference: "0190f3b2-7c1e-7a00-8000-00000000abcd",
      paymentReference: paid.provider_reference,
      amount: 30_000,
      payer: { name: "SIM PAYER", bank: "Access Bank", account: "XXXXXX6789" },
    };
    expect(await rail.refundPayment(input)).toMatchObject({ status: "pending" });
    expect(lastCall("POST", "/refund")?.body).toMatchObject({
      transaction: paid.provider_reference,
      amount: 30_000,
      merchant_note: `owo-refund:${input.reference}`,
    });
    const fresh = createPaystackRail(config()); // no memory of the refund id: found by its note
    expect(await fresh.refundPayment(input)).toMatchObject({ status: "pending" });
    expect((await state()).refunds.filter((r) => r.status)).toHaveLength(callsTo("POST", "/refund").filter((c) => c.status === 200).length);
    expect(callsTo("POST", "/refund").filter((c) => (c.body as { merchant_note?: string }).merchant_note === `owo-refund:${input.reference}`)).toHaveLength(1);

    await fetch(`${sim.url}/__sim/refunds/settle`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ transaction: paid.provider_reference, outcome: "needs-attention" }),
    });
    expect(await fresh.refundPayment(input)).toMatchObject({ status: "pending", attention: NEEDS_ATTENTION });
    await fetch(`${sim.url}/__sim/refunds/settle`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ transaction: paid.provider_reference, outcome: "processed" }),
    });
    expect(await rail.refundPayment(input)).toMatchObject({ status: "completed" });
    expect(rail.parseNotice(lastWebhook().rawBody).kind).toBe("ignored");
  });

  it("balance is the NGN balance in kobo; expire-token changes nothing (Paystack's key is static, no token to renew)", async () => {
    await control.setBalance(98_765_432);
    expect(await rail.balance()).toBe(98_765_432);
    await control.expireToken();
    expect(await rail.balance()).toBe(98_765_432);
    await control.setBalance(PAYSTACK_SIM_DEFAULTS.balance);
  });
});

describe("Paystack rail: what it offers", () => {
  it("identity checks are unavailable (Paystack validates customers asynchronously) and the capabilities say so; banks and issue keys", async () => {
    expect(await rail.verifyIdentity({ identityType: "bvn", identityNumber: "22222222222", name: "Ada Obi" })).toMatchObject({ outcome: "unavailable" });
    expect(rail.capabilities).toMatchObject({
      identityCheck: false,
      retireAccounts: false,
      transfers: true,
      refunds: true,
      staticAccounts: true,
      virtualAccounts: true,
      balance: true,
    });
    expect(rail.issueBanks().map((b) => b.provider)).toEqual(["paystack:wema-bank", "paystack:titan-paystack"]);
  });
});

describe("Paystack references and statuses", () => {
  it("providerReference: Owo's upper-case transfer references and lowercase refund ids pass lowercased; others become a 50-character digest; always Paystack's format", () => {
    expect(providerReference("TRF_MABC12XYZ9QWERTYUIO")).toBe("trf_mabc12xyz9qwertyuio");
    expect(providerReference("0190f3b2-7c1e-7a00-8000-00000000abcd")).toBe("0190f3b2-7c1e-7a00-8000-00000000abcd");
    const mixed = providerReference("trf_0mAbCdEfGh123");
    expect(mixed).toMatch(/^owo--[0-9a-f]{45}$/);
    expect(providerReference("trf_0mAbCdEfGh123")).toBe(mixed);
    expect(providerReference("trf_0mabcdefgh123")).not.toBe(mixed);
    for (const r of ["short", "TRF_X", "a".repeat(80), "with space in it 123", "SUSRET_0190F3B27C1E7A00800000000000ABCD"])
      expect(providerReference(r)).toMatch(/^[a-z0-9_-]{16,50}$/);
  });

  it("chargeReference keeps a reference Paystack takes and maps VA_ ids one-to-one", () => {
    expect(chargeReference("T685312322670591")).toBe("T685312322670591");
    expect(chargeReference("VA_Ab12")).toBe("VA-Ab12");
    expect(chargeReference("VA-Ab12")).toMatch(/^owo\.[0-9a-f]{60}$/);
  });

  it("maps every documented transfer status", () => {
    expect(mapTransferStatus({ status: "success", fee_charged: 1000 })).toMatchObject({ status: "completed", fee: 1000 });
    expect(mapTransferStatus({ status: "pending" })).toMatchObject({ status: "pending" });
    expect(mapTransferStatus({ status: "otp" })).toMatchObject({ status: "pending", attention: OTP_ATTENTION });
    expect(mapTransferStatus({ status: "received" })).toMatchObject({ status: "pending", attention: APPROVAL_ATTENTION });
    for (const s of ["failed", "abandoned", "blocked", "rejected"]) expect(mapTransferStatus({ status: s }).status).toBe("failed");
    expect(mapTransferStatus({ status: "reversed", fee_charged: "2500" })).toMatchObject({ status: "reversed", fee: 2500 });
    expect(mapTransferStatus({ status: "something-new" }).status).toBe("pending");
  });
});
