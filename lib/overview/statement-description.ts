import type { StatementLine } from "@/lib/ledger/statement";

/**
 * A wallet statement line in a merchant's words: what happened and with whom, without internal
 * references (`CHK_…`, `rfd_…`, transfer references). The reference stays on the line for
 * search and the hover text; this is what is read.
 */
export function statementDescription(line: Pick<StatementLine, "kind" | "description" | "amount">): string {
  const text = line.description ?? "";
  const from = / from (.+)$/.exec(text)?.[1];
  const withPayer = (what: string) => (from ? `${what} from ${from}` : what);
  switch (line.kind) {
    case "payment":
      return withPayer(paymentKind(text));
    case "sandbox_funding":
      return "Test funding";
    case "transfer_debit":
    case "payid_transfer":
      return text || "Transfer";
    case "transfer_reversed":
      return "Failed transfer returned to your wallet";
    case "transfer_settled":
      return "Transfer paid out";
    case "settlement_wallet_credit":
      return "Static account payments settled to your wallet";
    case "settlement_payout":
      return "Static account payments settled to your bank account";
    case "refund":
      return line.amount < 0 ? "Refund to a payer" : "Refund";
    case "refund_reversal":
      return "Refund failed: money returned";
    default:
      return text.startsWith("Reversal of ") ? "Reversal" : text || sentence(line.kind);
  }
}

function paymentKind(text: string): string {
  if (text.startsWith("Payment to checkout")) return "Checkout payment";
  const invoice = /^Payment to invoice (\S+)/.exec(text);
  if (invoice) return `Payment for invoice ${invoice[1]}`;
  if (text.startsWith("Payment to static account")) return "Static account payment";
  if (text.startsWith("Payment to account")) return "Virtual account payment";
  if (text.startsWith("Payment to @")) return "Wallet PayID payment";
  return "PayID payment";
}

const sentence = (kind: string) => {
  const words = kind.replace(/_/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
};
