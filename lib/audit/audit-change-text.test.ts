import { describe, expect, it } from "vitest";
import { auditChangeLines, auditChangesLineText, auditFieldLabel, auditValueText } from "./audit-change-text";

describe("audit changes in a merchant's words: 'Field: before → after'", () => {
  it("rule: kobo fields read as naira, never as kobo (amount: 250000 → ₦2,500.00)", () => {
    expect(auditChangesLineText({ amount: { to: 250_000 } })).toBe("Amount: ₦2,500.00");
    expect(auditChangesLineText({ daily_limit: { from: 500_000, to: 1_000_000 } })).toBe("Daily limit: ₦5,000.00 → ₦10,000.00");
    expect(auditChangesLineText({ daily_limit: { from: null, to: 10_000 } })).toBe("Daily limit: None → ₦100.00");
  });
  it("rule: counts that are not money stay numbers (rate limits)", () => {
    expect(auditChangesLineText({ rate_limit: { from: 100, to: 1_000 } })).toBe("Requests a minute: 100 → 1,000");
  });
  it("rule: state names read as labels (pending_settlement → under_review)", () => {
    expect(auditChangesLineText({ settlement_status: { from: "pending_settlement", to: "under_review" } })).toBe(
      "Settlement status: Pending settlement → Under review",
    );
    expect(auditChangesLineText({ role: { from: "viewer", to: "developer" } })).toBe("Role: Viewer → Developer");
    expect(auditValueText("destination", "bank_account 058 ••••1234 ADA OBI")).toBe("Bank account 058 ••••1234 ADA OBI");
  });
  it("rule: permission lists read as the keys page's words, not a JSON array", () => {
    const text = auditChangesLineText({ permissions: { to: ["checkout", "virtual_payid", "transfers"] } });
    expect(text).toBe("Permissions: Checkout, Dynamic PayIDs, Transfers");
    expect(text).not.toContain("[");
    expect(auditChangesLineText({ allowed_domains: { to: [] } })).toBe("Allowed domains: None");
    expect(auditChangesLineText({ allowed_domains: { to: ["shop.ng", "pay.shop.ng"] } })).toBe("Allowed domains: shop.ng, pay.shop.ng");
  });
  it("rule: booleans, empty values and times read as words (Lagos time)", () => {
    expect(auditChangesLineText({ require_two_factor: { from: false, to: true } })).toBe("Two-factor required: No → Yes");
    expect(auditValueText("label", null)).toBe("None");
    expect(auditValueText("revoked_at", "2026-03-14T09:30:00.000Z")).toBe("14 Mar 2026, 10:30");
  });
  it("rule: a nested value is words too, never JSON", () => {
    const text = auditValueText("limits", { rate_limit: 10, daily_limit: 20_000 });
    expect(text).toBe("Requests a minute 10, Daily limit ₦200.00");
    expect(text).not.toContain("{");
  });
  it("rule: field names become labels (webhook_url → Webhook URL), and a field with no before shows its value alone", () => {
    expect(auditFieldLabel("webhook_url")).toBe("Webhook URL");
    expect(auditFieldLabel("failure_reason")).toBe("Failure reason");
    expect(auditChangeLines({ webhook_url: { from: null, to: "https://a.ng/h" }, reason: { to: "Duplicate" } })).toEqual([
      { field: "webhook_url", label: "Webhook URL", from: "None", to: "https://a.ng/h" },
      { field: "reason", label: "Reason", from: null, to: "Duplicate" },
    ]);
    expect(auditChangesLineText(null)).toBe("");
  });
});
