/** An invoice's calendar date ('YYYY-MM-DD') as a customer reads it: "30 Jun 2026" (no clock, no time zone shift). */
const dateOnly = new Intl.DateTimeFormat("en-NG", { dateStyle: "medium", timeZone: "UTC" });

export function formatDueDate(date: string): string {
  return dateOnly.format(new Date(`${date}T00:00:00Z`));
}

export const CHANNEL_LABELS: Record<string, string> = { bank_transfer: "Bank transfer", payid: "PayID" };
export const channelLabel = (c: string) => CHANNEL_LABELS[c] ?? c.replace(/_/g, " ");

/** A naira amount a customer typed ("12,500.50") in kobo, exactly; null when it is not one. */
export function parseNaira(text: string): number | null {
  const v = text.trim().replace(/,/g, "").replace(/^₦/, "");
  const m = /^(\d{1,10})(?:\.(\d{1,2}))?$/.exec(v);
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? "").padEnd(2, "0"));
}
