import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { isRailRefused, RailRefusedError, RailUnknownError } from "@/lib/rails/rail-errors";
import type { FlutterwaveConfig } from "@/lib/rails/rail-config";
import { SimControlClient } from "@/lib/rails/simulator/sim-control";
import type { SimServer } from "@/lib/rails/simulator/sim-server";
import { bankByNameOrCode } from "./banks";
import { createFlutterwaveRail, FLUTTERWAVE_SIM_DEFAULTS, startFlutterwaveSimulator, type FlutterwaveRail } from "./index";
import { envelope, flwDate, koboFloor, koboRounded } from "./parse";
import type { FlutterwaveClient } from "./client";
import { mapTransferStatus, newMemory, transferStatus } from "./payouts";
import { signFlutterwaveBody } from "./webhook";

let sim: SimServer;
let control: SimControlClient;
let rail: FlutterwaveRail;
let n = 0;
const ref = (kind = "trf") => `${kind}_test${Date.now().toString(36)}${++n}`;
const config = (): FlutterwaveConfig => ({
  secretKey: FLUTTERWAVE_SIM_DEFAULTS.secretKey,
  secretHash: FLUTTERWAVE_SIM_DEFAULTS.secretHash,
  baseUrl: `${sim.url}/v3`,
});
const transfer = (over: Partial<Parameters<FlutterwaveRail["sendTransfer"]>[0]> = {}) => ({
  reference: ref(),
  amount: 50_000,
  bankCode: "058",
  accountNumber: "0123456789",
  accountName: "ADA OBI",
  narration: "Payout",
  ...over,
});
const lastCall = (method: string, path: string) => sim.calls.filter((c) => c.method === method && c.path === path).at(-1);
const state = async () =>
  (await control.state()) as unknown as {
    balance: number;
    transfers: { reference: string }[];
    accounts: { orderRef: string; status: string }[];
    refunds: { txId: number }[];
  };
const headersOf = (h: Record<string, string>) => new Headers(h);

beforeAll(async () => {
  sim = await startFlutterwaveSimulator();
  control = new SimControlClient(sim.url);
  rail = createFlutterwaveRail(config(), { timeoutMs: 2_000 });
});

afterAll(async () => {
  await sim.close();
});

async function oneOffAccount(amount = 123_456, reference = ref("VA")) {
  const issue = await rail.issueVirtualAccount({
    provider: "flutterwave:wema",
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

describe("Flutterwave rail against its simulator", () => {
  it("name enquiry: a known account resolves to its name, an unknown one is ACCOUNT_NOT_FOUND", async () => {
    const found = await rail.resolveAccount({ accountNumber: "0123456789", bankCode: "058" });
    expect(found).toMatchObject({ account_number: "0123456789", bank_code: "058" });
    expect(found.account_name.length).toBeGreaterThan(3);
    expect(lastCall("POST", "/v3/accounts/resolve")?.body).toEqual({ account_number: "0123456789", account_bank: "058" });
    await expect(rail.resolveAccount({ accountNumber: FLUTTERWAVE_SIM_DEFAULTS.unknownAccount, bankCode: "058" })).rejects.toMatchObject({
      code: "ACCOUNT_NOT_FOUND",
      status: 400,
    });
  });

  it("every call carries the secret key as a Bearer token; a wrong key is a refusal (401), nothing was sent", async () => {
    expect(lastCall("POST", "/v3/accounts/resolve")?.headers.authorization).toBe(`Bearer ${FLUTTERWAVE_SIM_DEFAULTS.secretKey}`);
    const wrong = createFlutterwaveRail({ ...config(), secretKey: "FLWSECK_TEST-wrong-X" });
    const before = (await state()).transfers.length;
    const error = await wrong.sendTransfer(transfer()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RailRefusedError);
    expect((await state()).transfers.length).toBe(before);
  });

  it("₦1,234.56 is sent as the naira number 1234.56 and read back as 123,456 kobo", async () => {
    const t = transfer({ amount: 123_456 });
    await rail.sendTransfer(t);
    const sent = lastCall("POST", "/v3/transfers")!;
    expect(sent.body).toMatchObject({
      amount: 1234.56,
      currency: "NGN",
      debit_currency: "NGN",
      account_bank: "058",
      account_number: "0123456789",
      reference: t.reference,
    });
    expect(JSON.stringify(sent.body)).toContain('"amount":1234.56');

    const account = await oneOffAccount(123_456);
    expect(JSON.stringify(lastCall("POST", "/v3/virtual-account-numbers")!.body)).toContain('"amount":1234.56');
    const paid = await control.pay({ account_number: account.accountNumber, amount: 123_456 });
    const inbound = await rail.verifyInbound(paid.provider_reference);
    expect(inbound?.amount).toBe(123_456);
    expect(JSON.stringify(lastCall("GET", `/v3/transactions/${paid.provider_reference}/verify`)?.response)).toContain('"amount":1234.56');
  });

  it("a transfer sent twice with the same reference pays once (duplicate reference → the first transfer's status)", async () => {
    const t = transfer({ amount: 70_000 });
    const before = await state();
    const first = await rail.sendTransfer(t);
    const again = createFlutterwaveRail(config()); // another process: no remembered id
    const second = await again.sendTransfer(t);
    expect(first).toMatchObject({ status: "pending", fee: 1075 });
    expect(second).toEqual(first);
    const after = await state();
    expect(after.transfers.filter((x) => x.reference === t.reference)).toHaveLength(1);
    expect(before.balance - after.balance).toBe(70_000 + 1075);
    expect(lastCall("POST", "/v3/transfers")).toMatchObject({ status: 400, response: { status: "error" } });
  });

  it("a 500 on sendTransfer is an unknown outcome, not a refusal", async () => {
    await control.failNext({ path_ends_with: "/transfers", method: "POST", status: 500 });
    const error = await rail.sendTransfer(transfer()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RailUnknownError);
    expect(isRailRefused(error)).toBe(false);
  });

  it("a timeout on sendTransfer is an unknown outcome", async () => {
    const quick = createFlutterwaveRail(config(), { timeoutMs: 300 });
    await control.failNext({ path_ends_with: "/transfers", method: "POST", timeout_ms: 1_000, after_accept: true });
    const t = transfer();
    const error = await quick.sendTransfer(t).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RailUnknownError);
    // It was taken: the status query finds it, and sending again does not pay twice.
    expect(await rail.getTransferStatus(t.reference)).toMatchObject({ status: "pending" });
    await rail.sendTransfer(t);
    expect((await state()).transfers.filter((x) => x.reference === t.reference)).toHaveLength(1);
  });

  it("a documented refusal (insufficient balance, invalid bank code) throws RailRefusedError", async () => {
    const invalidBank = await rail.sendTransfer(transfer({ bankCode: "999" })).catch((e: unknown) => e);
    expect(invalidBank).toBeInstanceOf(RailRefusedError);
    const { balance } = await state();
    await control.setBalance(1_000);
    try {
      const poor = await rail.sendTransfer(transfer({ amount: 500_000 })).catch((e: unknown) => e);
      expect(poor).toBeInstanceOf(RailRefusedError);
      expect((poor as RailRefusedError).status).toBe(400);
    } finally {
      await control.setBalance(balance);
    }
  });

  it("status after settle: success → completed, failed → failed (money back), reversed → reversed", async () => {
    const ok = transfer();
    await rail.sendTransfer(ok);
    await control.settleTransfer({ reference: ok.reference, outcome: "success", webhook: false });
    expect(await rail.getTransferStatus(ok.reference)).toMatchObject({ status: "completed", fee: 1075 });

    const bad = transfer();
    await rail.sendTransfer(bad);
    const before = (await state()).balance;
    await control.settleTransfer({ reference: bad.reference, outcome: "failed", reason: "DISBURSE FAILED: Account closed", webhook: false });
    expect(await rail.getTransferStatus(bad.reference)).toMatchObject({ status: "failed", reason: "DISBURSE FAILED: Account closed" });
    expect((await state()).balance).toBe(before + 50_000 + 1075);

    await control.settleTransfer({ reference: ok.reference, outcome: "reversed", webhook: false });
    const fresh = createFlutterwaveRail(config()); // by reference, not by a remembered id
    expect(await fresh.getTransferStatus(ok.reference)).toMatchObject({ status: "reversed" });
  });

  it("a transfer waiting for a dashboard approval is pending with attention", async () => {
    const t = transfer({ accountNumber: FLUTTERWAVE_SIM_DEFAULTS.approvalAccount });
    const sent = await rail.sendTransfer(t);
    expect(sent.status).toBe("pending");
    expect(sent.attention).toMatch(/approv/i);
    expect((await rail.getTransferStatus(t.reference))?.attention).toMatch(/approv/i);
  });

  it("a payout to an account that does not resolve is taken and fails at once", async () => {
    const sent = await rail.sendTransfer(transfer({ accountNumber: FLUTTERWAVE_SIM_DEFAULTS.unknownAccount }));
    expect(sent).toMatchObject({ status: "failed", reason: "DISBURSE FAILED: Account resolve failed" });
  });

  it("an unknown transfer → null; a list that ignores the reference filter is unknown, never null", async () => {
    expect(await rail.getTransferStatus(ref())).toBeNull();
    expect(lastCall("GET", "/v3/transfers")?.query).toMatch(/^\?reference=/);
    await control.failNext({ path_ends_with: "/transfers", method: "GET", status: 503 });
    await expect(rail.getTransferStatus(ref())).rejects.toBeInstanceOf(RailUnknownError);
    // A provider that ignored ?reference= answers other transfers: that must not read as "no such transfer".
    const ignoring = {
      listTransfers: async () => ({
        status: 200,
        text: "",
        env: envelope(200, { status: "success", message: "Transfers fetched", data: [{ id: 1, reference: "someone-else", status: "NEW" }] }),
      }),
    } as unknown as FlutterwaveClient;
    await expect(transferStatus(ignoring, newMemory(), "mine")).rejects.toBeInstanceOf(RailUnknownError);
  });

  it("verifySignature accepts the simulator's signed delivery and refuses a forged one and a re-encoded body", async () => {
    const account = await oneOffAccount(20_000);
    await control.pay({ account_number: account.accountNumber, amount: 20_000 });
    const signed = sim.webhooks.at(-1)!;
    expect(signed.headers["verif-hash"]).toBe(FLUTTERWAVE_SIM_DEFAULTS.secretHash);
    expect(rail.verifySignature(signed.rawBody, headersOf(signed.headers))).toBe(true);

    await control.forgeWebhook();
    const forged = sim.webhooks.at(-1)!;
    expect(rail.verifySignature(forged.rawBody, headersOf(forged.headers))).toBe(false);

    await control.reencodeLastWebhook();
    const reencoded = sim.webhooks.at(-1)!;
    expect(reencoded.rawBody).not.toBe(forged.rawBody);
    const reencodedSigned = JSON.stringify(JSON.parse(signed.rawBody), null, 2);
    expect(rail.verifySignature(reencodedSigned, headersOf(signed.headers))).toBe(false);
    expect(rail.verifySignature(signed.rawBody, new Headers())).toBe(false);
  });

  it("each documented signature form is accepted alone: verif-hash, and flutterwave-signature (base64 HMAC-SHA256)", async () => {
    const body = '{"event":"charge.completed","data":{"id":1,"status":"successful"}}';
    const hash = FLUTTERWAVE_SIM_DEFAULTS.secretHash;
    expect(rail.verifySignature(body, new Headers({ "verif-hash": hash }))).toBe(true);
    expect(rail.verifySignature(body, new Headers({ "verif-hash": `${hash}x` }))).toBe(false);
    expect(rail.verifySignature(body, new Headers({ "flutterwave-signature": signFlutterwaveBody(body, hash) }))).toBe(true);
    expect(rail.verifySignature(body, new Headers({ "flutterwave-signature": signFlutterwaveBody(body, "other") }))).toBe(false);
    expect(rail.verifySignature(`${body} `, new Headers({ "flutterwave-signature": signFlutterwaveBody(body, hash) }))).toBe(false);
  });

  it("parseNotice: charge.completed is inbound (lookup = data.id), transfer.completed is a transfer; a repeated delivery has the same dedupeKey", async () => {
    const account = await oneOffAccount(30_000);
    const paid = await control.pay({ account_number: account.accountNumber, amount: 30_000 });
    const charge = rail.parseNotice(sim.webhooks.at(-1)!.rawBody);
    expect(charge).toMatchObject({ kind: "inbound", lookup: paid.provider_reference });
    await control.replayLastWebhook();
    expect(rail.parseNotice(sim.webhooks.at(-1)!.rawBody).dedupeKey).toBe(charge.dedupeKey);

    const t = transfer();
    await rail.sendTransfer(t);
    await control.settleTransfer({ reference: t.reference, outcome: "success" });
    const done = rail.parseNotice(sim.webhooks.at(-1)!.rawBody);
    expect(done).toMatchObject({ kind: "transfer", reference: rail.providerReference(t.reference) });
    await control.settleTransfer({ reference: t.reference, outcome: "reversed" });
    const reversed = rail.parseNotice(sim.webhooks.at(-1)!.rawBody);
    expect(reversed.kind).toBe("transfer");
    expect(reversed.dedupeKey).not.toBe(done.dedupeKey);

    // Older deliveries: the transfer under `transfer`, and a transaction at the top level.
    expect(rail.parseNotice(JSON.stringify({ "event.type": "Transfer", transfer: { id: 9, reference: "trf_x", status: "SUCCESSFUL" } }))).toMatchObject({
      kind: "transfer",
      reference: "trf_x",
    });
    expect(rail.parseNotice(JSON.stringify({ "event.type": "BANK_TRANSFER_TRANSACTION", id: 77, txRef: "VA_1", status: "successful" }))).toMatchObject({
      kind: "inbound",
      lookup: "77",
    });
    expect(rail.parseNotice(JSON.stringify({ event: "subscription.cancelled", data: { id: 5 } })).kind).toBe("ignored");
    expect(() => rail.parseNotice("not json")).toThrow();
  });

  it("verifyInbound reports the paid amount, fee, account reference and payer after pay; an unknown id is null", async () => {
    const account = await oneOffAccount(250_000);
    const paid = await control.pay({
      account_number: account.accountNumber,
      amount: 250_000,
      payer: { name: "Chinedu Okafor", bank: "Guaranty Trust Bank", account: "0011223344" },
    });
    const inbound = await rail.verifyInbound(paid.provider_reference);
    expect(inbound).toMatchObject({
      status: "success",
      providerReference: paid.provider_reference,
      amount: 250_000,
      fee: 2_500,
      accountReference: account.reference,
      payer: { name: "Chinedu Okafor", bank: "Guaranty Trust Bank", account: "001*****44" },
    });
    expect(inbound!.paidAt).toBeInstanceOf(Date);
    expect(await rail.verifyInbound("999999999")).toBeNull();
    // By tx_ref (a non-numeric lookup).
    expect((await rail.verifyInbound(account.reference))?.providerReference).toBe(paid.provider_reference);
  });

  it("issues a one-off account (amount, expiry, tx_ref) and a static account (BVN); retires the one-off account", async () => {
    const account = await oneOffAccount(50_000);
    expect(account).toMatchObject({ issued: true, bankCode: "035", bankName: "Wema Bank", accountName: "Owo/Ada Stores" });
    expect(account.accountNumber).toMatch(/^\d{10}$/);
    expect(account.railReference).toMatch(/^URF_/);
    const body = lastCall("POST", "/v3/virtual-account-numbers")!.body as Record<string, unknown>;
    expect(body).toMatchObject({ email: "ada@example.com", is_permanent: false, tx_ref: account.reference, amount: 500, currency: "NGN" });
    expect(body.expiry).toBeGreaterThan(1_700);

    const reference = ref("sa");
    const issued = await rail.issueStaticAccount({
      provider: "flutterwave:wema",
      reference,
      accountName: "Ada Stores",
      customerName: "Ada Obi",
      identityType: "bvn",
      identityNumber: "22212345678",
      customerEmail: "ada@example.com",
    });
    expect(issued).toMatchObject({ issued: true, bankCode: "035", railReference: reference });
    expect(lastCall("POST", "/v3/virtual-account-numbers")!.body).toMatchObject({
      is_permanent: true,
      bvn: "22212345678",
      tx_ref: reference,
      firstname: "Ada",
      lastname: "Obi",
    });
    expect(
      await rail.issueStaticAccount({
        provider: "flutterwave:wema",
        reference: ref("sa"),
        accountName: "A",
        customerName: "A B",
        identityType: "nin",
        identityNumber: "12345678901",
        customerEmail: "a@example.com",
      }),
    ).toMatchObject({ issued: false, outcome: "rejected" });
    expect(
      await rail.issueVirtualAccount({
        provider: "monnify:035",
        reference: ref("VA"),
        accountName: "A",
        amount: 100,
        amountValidation: "A0",
        expiresAt: new Date(Date.now() + 600_000),
        customerEmail: "a@example.com",
      }),
    ).toMatchObject({ issued: false });

    expect(
      await rail.retireVirtualAccount({
        provider: "flutterwave:wema",
        reference: account.reference,
        accountNumber: account.accountNumber,
        railReference: account.railReference,
      }),
    ).toEqual({ retired: true });
    expect((await state()).accounts.find((a) => a.orderRef === account.railReference)?.status).toBe("inactive");
  });

  it("refunds through the refund API, once per reference (asked again: the same refund's status)", async () => {
    const account = await oneOffAccount(40_000);
    const paid = await control.pay({ account_number: account.accountNumber, amount: 40_000 });
    const input = {
      reference: ref("rfd"),
      paymentReference: paid.provider_reference,
      amount: 40_000,
      payer: { name: "SIM PAYER", bank: "Access Bank", account: "012*****89" },
    };
    expect(await rail.refundPayment(input)).toMatchObject({ status: "completed" });
    expect(lastCall("POST", `/v3/transactions/${paid.provider_reference}/refund`)?.body).toMatchObject({ amount: 400 });
    expect(await createFlutterwaveRail(config()).refundPayment(input)).toMatchObject({ status: "completed" });
    expect((await state()).refunds.filter((r) => String(r.txId) === paid.provider_reference)).toHaveLength(1);
    // No refund API for a reference that is not a Flutterwave transaction, and no full payer account: failed.
    expect(await rail.refundPayment({ ...input, reference: ref("rfd"), paymentReference: "txn_elsewhere" })).toMatchObject({ status: "failed" });
  });

  it("balance reads the NGN available balance in kobo; identity checks are unavailable", async () => {
    const { balance } = await state();
    await control.setBalance(5_000_000);
    expect(await rail.balance()).toBe(5_000_000);
    await control.setBalance(balance);
    expect(await rail.transferFee(5_000_000)).toBe(2_688);
    expect(await rail.verifyIdentity({ identityType: "bvn", identityNumber: "22212345678", name: "Ada Obi" })).toMatchObject({ outcome: "unavailable" });
    expect(rail.capabilities.identityCheck).toBe(false);
  });

  it("expire-token changes nothing: Flutterwave v3 has no token to renew", async () => {
    await control.expireToken();
    expect((await rail.resolveAccount({ accountNumber: "0123456789", bankCode: "058" })).account_name.length).toBeGreaterThan(0);
  });
});

describe("Flutterwave answers read in every documented variant", () => {
  it("fees with three decimals round to the kobo; amounts are exact; balances round down", () => {
    expect(koboRounded(26.875)).toBe(2688);
    expect(koboRounded("10.75")).toBe(1075);
    expect(koboRounded(1.4)).toBe(140);
    expect(koboRounded("N/A")).toBeNull();
    expect(koboFloor(253125.829)).toBe(25_312_582);
    expect(koboFloor("1234.56")).toBe(123_456);
  });

  it("transfer states map to Owo's", () => {
    expect(mapTransferStatus({ status: "NEW" })).toMatchObject({ status: "pending" });
    expect(mapTransferStatus({ status: "PENDING", requires_approval: 1, is_approved: 0 }).attention).toBeTruthy();
    expect(mapTransferStatus({ status: "successful", fee: 26.875 })).toMatchObject({ status: "completed", fee: 2688 });
    expect(mapTransferStatus({ status: "FAILED", complete_message: "DISBURSE FAILED: Insufficient funds" })).toMatchObject({
      status: "failed",
      reason: "DISBURSE FAILED: Insufficient funds",
    });
    expect(mapTransferStatus({ status: "REVERSED" }).status).toBe("reversed");
  });

  it("the envelope, dates and bank names", () => {
    expect(envelope(200, { status: "success", message: "ok", data: { a: 1 } })).toMatchObject({ ok: true, data: { a: 1 } });
    expect(envelope(200, { status: "error", message: "no" }).ok).toBe(false);
    expect(envelope(500, null).ok).toBe(false);
    expect(flwDate("2021-02-15 16:27:22")?.toISOString()).toBe("2021-02-15T15:27:22.000Z");
    expect(flwDate("2020-07-15T14:31:16.000Z")?.toISOString()).toBe("2020-07-15T14:31:16.000Z");
    expect(bankByNameOrCode("WEMA BANK")?.bankCode).toBe("035");
    expect(bankByNameOrCode("ACCESS BANK NIGERIA")?.bankCode).toBe("044");
    expect(bankByNameOrCode("058")?.bankName).toBe("Guaranty Trust Bank");
  });
});
