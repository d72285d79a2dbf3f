import { describe, expect, it } from "vitest";
import { NIGERIAN_BANKS } from "./nigerian-banks";
import { isValidNuban, nuban, nubanCheckDigit } from "./nuban";
import { findPartnerBank, nextPartnerBank, PARTNER_BANKS } from "./partner-banks";
import { SandboxBank } from "@/lib/rails/sandbox/sandbox-bank";

describe("NUBAN check digit (CBN: weights 3,7,3,3,7,3,3,7,3,3,7,3; check = (10 − sum mod 10) mod 10)", () => {
  it("matches the CBN circular's worked examples at First Bank (011)", () => {
    // Example 1: 0·3+1·7+1·3+0·3+0·7+0·3+0·3+0·7+1·3+4·3+5·7+7·3 = 81 → 9
    expect(nubanCheckDigit("011", "000001457")).toBe(9);
    expect(nuban("011", "000001457")).toBe("0000014579");
    // Example 2: sum 30 → check digit 0 (the "mod 10 of 10" case)
    expect(nubanCheckDigit("011", "000000022")).toBe(0);
    expect(nuban("011", "000000022")).toBe("0000000220");
  });

  it("matches a published GTBank (058) example", () => {
    expect(nuban("058", "001656322")).toBe("0016563228");
  });

  it("validates the check digit for the bank: the same digits are wrong at another bank", () => {
    expect(isValidNuban("011", "0000014579")).toBe(true);
    expect(isValidNuban("011", "0000014578")).toBe(false);
    expect(isValidNuban("058", "0016563228")).toBe(true);
    expect(isValidNuban("035", "0016563228")).toBe(false);
  });

  it("refuses shapes that are not a NUBAN", () => {
    expect(isValidNuban("011", "000001457")).toBe(false);
    expect(isValidNuban("011", "00000145790")).toBe(false);
    expect(isValidNuban("011", "00000a4579")).toBe(false);
    expect(isValidNuban("50211", "0000014579")).toBe(false);
    expect(() => nubanCheckDigit("11", "000001457")).toThrow();
    expect(() => nubanCheckDigit("011", "00001457")).toThrow();
  });

  it("every digit change of the serial at weight 3 or 7 changes the check digit", () => {
    for (let i = 0; i < 9; i++) {
      const serial = "123456789";
      const changed = serial.slice(0, i) + String((Number(serial[i]) + 1) % 10) + serial.slice(i + 1);
      expect(nubanCheckDigit("232", changed)).not.toBe(nubanCheckDigit("232", serial));
    }
  });
});

describe("partner banks", () => {
  it("at least three, each with its own provider key, bank name, CBN code and default rule", () => {
    expect(PARTNER_BANKS.length).toBeGreaterThanOrEqual(3);
    expect(new Set(PARTNER_BANKS.map((b) => b.provider)).size).toBe(PARTNER_BANKS.length);
    expect(new Set(PARTNER_BANKS.map((b) => b.bankCode)).size).toBe(PARTNER_BANKS.length);
    for (const bank of PARTNER_BANKS) {
      expect(bank.bankCode).toMatch(/^\d{3}$/);
      // The code and name are the bank's own, as listed for transfers.
      expect(NIGERIAN_BANKS).toContainEqual({ bankCode: bank.bankCode, bankName: bank.bankName });
      expect(["A0", "A1", "A2", "A3", "A4", "A5"]).toContain(bank.defaultAmountValidation);
    }
    expect(findPartnerBank("wema")?.bankCode).toBe("035");
    expect(findPartnerBank("providus")?.bankCode).toBe("101");
    expect(findPartnerBank("sterling")?.bankCode).toBe("232");
    expect(findPartnerBank("nope")).toBeUndefined();
  });

  it("take turns: consecutive picks are all different banks", () => {
    const picks = PARTNER_BANKS.map(() => nextPartnerBank().provider);
    expect(new Set(picks).size).toBe(PARTNER_BANKS.length);
  });
});

describe("sandbox bank: virtual account issuance", () => {
  const bank = new SandboxBank();
  const request = { reference: "VA_test", accountName: "Acme", amount: 150_000, amountValidation: "A0" as const, expiresAt: new Date() };

  it("issues a 10-digit NUBAN with the right check digit at the chosen partner", async () => {
    for (const partner of PARTNER_BANKS) {
      for (let i = 0; i < 20; i++) {
        const answer = await bank.issueVirtualAccount({ ...request, provider: partner.provider });
        if (!answer.issued) throw new Error("expected an account");
        expect(answer.accountNumber).toMatch(/^\d{10}$/);
        expect(isValidNuban(partner.bankCode, answer.accountNumber)).toBe(true);
        expect(answer).toMatchObject({ bankCode: partner.bankCode, bankName: partner.bankName, accountName: "Acme" });
      }
    }
  });

  it('refuses when metadata.sandbox_issue is "fail", and for an unknown partner', async () => {
    expect(await bank.issueVirtualAccount({ ...request, provider: "wema", metadata: { sandbox_issue: "fail" } })).toMatchObject({ issued: false });
    expect(await bank.issueVirtualAccount({ ...request, provider: "nope" })).toMatchObject({ issued: false });
    expect(await bank.issueVirtualAccount({ ...request, provider: "wema", metadata: { sandbox_issue: "ok" } })).toMatchObject({ issued: true });
  });

  it("never refuses to retire an account", async () => {
    expect(await bank.retireVirtualAccount()).toEqual({ retired: true });
  });
});
