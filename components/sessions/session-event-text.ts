import { channelLabel } from "@/components/payments/payment-labels";
import { findPartnerBank } from "@/lib/bank/partner-banks";
import { formatNaira } from "@/lib/money";

type Data = Record<string, unknown> | null;

/** A partner's bank name; the provider key itself is deprecated and never shown (api.md). */
const bankOf = (provider: string | null) => (provider ? (findPartnerBank(provider)?.bankName ?? null) : null);

const pick = (data: Data, ...keys: string[]): string | null => {
  for (const k of keys) {
    const v = data?.[k];
    if (typeof v === "string" && v.trim()) return v;
    if (typeof v === "number") return String(v);
  }
  return null;
};

/**
 * A session timeline entry as a sentence plus its particulars. The writers of session_events
 * own the data's shape; this reads the fields it knows and never fails on others.
 */
export function describeSessionEvent(type: string, data: Data): { title: string; detail: string | null } {
  const method = (keys: string[]) => {
    const m = pick(data, ...keys);
    return m ? channelLabel(m) : null;
  };
  const where = [bankOf(pick(data, "provider")), pick(data, "account_number"), pick(data, "pay_id")].filter(Boolean).join(" · ") || null;
  const attempt = pick(data, "attempts", "attempt");
  switch (type) {
    case "created":
      return { title: "Session created", detail: null };
    case "method_selected":
      return {
        title: `Customer chose ${method(["method", "payment_method", "to"]) ?? "a payment method"}${data?.reissued === true ? " again" : ""}`,
        detail: where,
      };
    case "method_switched": {
      const from = method(["from", "previous_method", "from_method"]);
      const to = method(["to", "method", "payment_method"]);
      return {
        title: `Switched payment method${from ? ` from ${from}` : ""}${to ? ` to ${to}` : ""}`,
        detail: [attempt ? `attempt ${attempt}` : null, where].filter(Boolean).join(" · ") || null,
      };
    }
    case "bank_switched": {
      const from = bankOf(pick(data, "from_provider"));
      const to = bankOf(pick(data, "to_provider"));
      const accounts = [pick(data, "from_account_number"), pick(data, "to_account_number")].filter(Boolean).join(" → ");
      return { title: `Switched bank${from ? ` from ${from}` : ""}${to ? ` to ${to}` : ""}`, detail: accounts || null };
    }
    case "paid":
    case "completed": {
      const amount = typeof data?.amount === "number" ? formatNaira(data.amount) : null;
      return {
        title: `Paid${method(["channel", "method"]) ? ` by ${method(["channel", "method"])}` : ""}`,
        detail: [amount, pick(data, "reference")].filter(Boolean).join(" · ") || null,
      };
    }
    case "expired":
      return { title: "Expired unpaid", detail: null };
    case "failed": {
      const reason = pick(data, "reason");
      return { title: "Failed", detail: reason === "replaced" ? "Replaced by a new session with the same reference" : reason };
    }
    default:
      return { title: type.replace(/_/g, " ").replace(/^./, (c) => c.toUpperCase()), detail: null };
  }
}
