import { describe, expect, it } from "vitest";
import { sandboxRail } from "@/lib/rails/router";
import { isValidNuban } from "@/lib/bank/nuban";
import { findPartnerBank } from "@/lib/bank/partner-banks";

const request = (identityNumber: string) => ({
  provider: "providus",
  reference: "sa_test",
  accountName: "Chidi Okafor",
  customerName: "Chidi Okafor",
  identityType: "bvn" as const,
  identityNumber,
});

describe("sandbox identity registry (supplement §5, by the number's last four)", () => {
  it("accepts any well-formed number and any name", async () => {
    for (const n of ["22212345678", "12345678901", "RC1234567", "BN99"]) {
      expect(await sandboxRail().verifyIdentity({ identityType: "bvn", identityNumber: n, name: "Anyone At All" })).toEqual({ outcome: "match" });
    }
  });
  it("0000 → mismatch, 9999 → unavailable; 1111 and 2222 pass the registry (the bank decides those)", async () => {
    const check = (n: string) => sandboxRail().verifyIdentity({ identityType: "nin", identityNumber: n, name: "Ngozi Eze" });
    expect((await check("12345670000")).outcome).toBe("mismatch");
    expect((await check("12345679999")).outcome).toBe("unavailable");
    expect((await check("12345671111")).outcome).toBe("match");
    expect((await check("RC12342222")).outcome).toBe("match");
  });
});

describe("sandbox static account desk", () => {
  it("issues a 10-digit NUBAN with a valid check digit at the partner bank, in the name asked for", async () => {
    const bank = findPartnerBank("providus")!;
    for (let i = 0; i < 20; i++) {
      const answer = await sandboxRail().issueStaticAccount(request("22212345678"));
      if (!answer.issued) throw new Error(answer.reason);
      expect(answer.accountNumber).toMatch(/^\d{10}$/);
      expect(isValidNuban(bank.bankCode, answer.accountNumber)).toBe(true);
      expect(answer).toMatchObject({ accountName: "Chidi Okafor", bankCode: bank.bankCode, bankName: bank.bankName });
    }
  });
  it("1111 → rejected, 2222 → unavailable, unknown partner → rejected", async () => {
    expect(await sandboxRail().issueStaticAccount(request("22212341111"))).toMatchObject({ issued: false, outcome: "rejected" });
    expect(await sandboxRail().issueStaticAccount(request("22212342222"))).toMatchObject({ issued: false, outcome: "unavailable" });
    expect(await sandboxRail().issueStaticAccount({ ...request("22212345678"), provider: "nope" })).toMatchObject({ issued: false, outcome: "rejected" });
  });
});
