import type { PaymentDestinationKind } from "@/db/schema";
import { PAYMENT_CHANNELS } from "@/lib/payments/list-payments";

/** The spec's words for channels and destinations, as the dashboard shows them. */
export const CHANNEL_LABELS: Record<(typeof PAYMENT_CHANNELS)[number], string> = {
  bank_transfer: "Bank transfer",
  payid: "PayID",
  card: "Card",
  crypto: "Crypto",
  static_account: "Static account",
};

export const DESTINATION_LABELS: Record<PaymentDestinationKind, string> = {
  wallet: "Wallet PayID",
  static_payid: "Static PayID",
  dynamic_payid: "Dynamic PayID",
  virtual_account: "Virtual account",
  session: "Checkout session",
  static_account: "Static account",
  invoice: "Invoice",
};

export const channelLabel = (c: string) => (CHANNEL_LABELS as Record<string, string>)[c] ?? c.replace(/_/g, " ");
export const destinationLabel = (d: string) => (DESTINATION_LABELS as Record<string, string>)[d] ?? d.replace(/_/g, " ");
