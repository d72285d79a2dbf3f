import { nairaToKobo } from "@/lib/money";

const CHANNEL_LABELS: Record<string, string> = { bank_transfer: "Bank transfer", payid: "PayID" };
export const channelLabel = (c: string) => CHANNEL_LABELS[c] ?? c.replace(/_/g, " ");

/** A naira amount a customer typed ("12,500.50") in kobo, exactly; null when it is not one. */
export function parseNaira(text: string): number | null {
  const v = text.trim().replace(/,/g, "").replace(/^₦/, "");
  return /^\d{1,10}(\.\d{1,2})?$/.test(v) ? nairaToKobo(v) : null;
}
