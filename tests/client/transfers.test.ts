import { describe, expect, it } from "vitest";
import { randomBase62 } from "@/lib/ids";
import { makeKey } from "@/tests/factories";
import { owoClient, owoError } from "./client";

describe("typed client: wallet and transfers", () => {
  it("fund, balance, banks, name enquiry, charges, send a bank transfer, get, list, decide it in the sandbox, verify", async () => {
    const owo = owoClient((await makeKey({ config: { rateLimit: 10_000 } })).secretKey);
    expect(await owo.fundSandboxWallet({ amount: 10_000_000 })).toEqual({ available_balance: 10_000_000, currency: "NGN" });
    expect((await owo.getBalance()).available_balance).toBe(10_000_000);
    const { banks } = await owo.listBanks();
    const bank = banks[0]!;
    const resolved = await owo.resolveBankAccount({ account_number: "0123456789", bank_code: bank.bankCode });
    expect(await owo.resolveAccount({ account_number: "0123456789", bank_code: bank.bankCode })).toEqual(resolved);
    const charges = await owo.getTransferCharges({ amount: 500_000, bank_code: bank.bankCode });
    expect(await owo.calculateTransferCharges({ amount: 500_000, bank_code: bank.bankCode })).toEqual(charges);

    const reference = `ord-${randomBase62(10)}`;
    const sent = await owo.initiateTransfer({
      type: "bank_transfer",
      account_number: "0123456789",
      bank_code: bank.bankCode,
      account_name: resolved.account_name,
      amount: 500_000,
      reference,
    });
    expect(sent).toMatchObject({ status: "pending", amount: 500_000, fees: charges.fee, merchant_reference: reference });
    expect((await owo.getTransfer(reference)).reference).toBe(sent.reference);
    expect((await owo.listTransfers({ status: "pending" })).items.map((t) => t.reference)).toContain(sent.reference);
    await owo.setSandboxTransferOutcome(sent.reference, { status: "completed" });
    expect((await owo.verifyTransfer(sent.reference)).status).toBe("completed");
    expect((await owo.getBalance()).available_balance).toBe(10_000_000 - charges.total);
  });

  it("an unknown account is ACCOUNT_NOT_FOUND; an unknown transfer is TRANSFER_NOT_FOUND; overspending is INSUFFICIENT_FUNDS", async () => {
    const owo = owoClient((await makeKey()).secretKey);
    expect((await owoError(owo.resolveBankAccount({ account_number: "0000000000", bank_code: "058" }))).code).toBe("ACCOUNT_NOT_FOUND");
    expect((await owoError(owo.getTransfer("nope"))).code).toBe("TRANSFER_NOT_FOUND");
    const broke = await owoError(
      owo.initiateTransfer({ type: "bank_transfer", account_number: "0123456789", bank_code: "058", account_name: "ADA OBI", amount: 100_000 }),
    );
    expect(broke.code).toBe("INSUFFICIENT_FUNDS");
  });
});
