/**
 * Money is integer kobo inside Owo. Naira strings exist only at the API edge (fields api.md
 * says are naira) and in what people read.
 */
const formatter = new Intl.NumberFormat("en-NG", { style: "currency", currency: "NGN" });

export function formatNaira(kobo: number | bigint): string {
  const k = BigInt(kobo);
  const negative = k < 0n;
  const abs = negative ? -k : k;
  const text = formatter.format(Number(abs / 100n) + Number(abs % 100n) / 100);
  return negative ? `−${text}` : text;
}

/** "12500.5" → 1250050 kobo, exactly (no floating point). Throws on anything else. */
export function nairaToKobo(naira: string | number): number {
  const text = typeof naira === "number" ? naira.toFixed(2) : naira.trim();
  const m = /^(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!m) throw new Error(`Not a naira amount: ${text}`);
  return Number(m[1]) * 100 + Number((m[2] ?? "").padEnd(2, "0"));
}

/** 1250050 → "12500.50" (the spec's naira decimal string). */
export function koboToNaira(kobo: number | bigint): string {
  const k = BigInt(kobo);
  const sign = k < 0n ? "-" : "";
  const abs = k < 0n ? -k : k;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, "0")}`;
}
