import { describe, expect, it } from "vitest";
import { statementDescription } from "./statement-description";

describe("statementDescription", () => {
  it("names payments by channel and payer, without references", () => {
    expect(statementDescription({ kind: "payment", amount: 100, description: "Payment to checkout CHK_MWV5ABCDEF from Ada Obi" })).toBe(
      "Checkout payment from Ada Obi",
    );
    expect(statementDescription({ kind: "payment", amount: 100, description: "Payment to @shop from Bola Ade" })).toBe("Wallet PayID payment from Bola Ade");
    expect(statementDescription({ kind: "payment", amount: 100, description: "Payment to account 0123456789" })).toBe("Virtual account payment");
    expect(statementDescription({ kind: "payment", amount: 100, description: "Payment to invoice INV-0001 from Chi" })).toBe(
      "Payment for invoice INV-0001 from Chi",
    );
    expect(statementDescription({ kind: "payment", amount: 100, description: "Payment to abc123.dypid" })).toBe("PayID payment");
  });
  it("says what transfers, refunds and funding were", () => {
    expect(statementDescription({ kind: "sandbox_funding", amount: 100, description: "Sandbox wallet funding" })).toBe("Test funding");
    expect(statementDescription({ kind: "transfer_debit", amount: -100, description: "Transfer to Ada Obi (GTBank)" })).toBe("Transfer to Ada Obi (GTBank)");
    expect(statementDescription({ kind: "transfer_reversed", amount: 100, description: "Transfer TRF_X failed: refunded" })).toBe(
      "Failed transfer returned to your wallet",
    );
    expect(statementDescription({ kind: "something_new", amount: 1, description: null })).toBe("Something new");
  });
});
