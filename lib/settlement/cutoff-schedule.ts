/**
 * When static-account money is cut off and paid out (api.md "Static account payment"
 * settlement.expected_payout_at; supplement §2).
 *
 * Cutoffs are whole hours of the day in Africa/Lagos time (UTC+1 all year, no daylight saving),
 * from env OWO_SETTLEMENT_CUTOFF_HOURS as a comma-separated list (e.g. "10,16"); default "16",
 * one cutoff a day at 16:00 Lagos = 15:00 UTC. A payment belongs to the first cutoff strictly
 * after it was received (one received exactly at a cutoff waits for the next), and that cutoff's
 * run batches and pays it out, so its expected payout is that same cutoff.
 */
const LAGOS_OFFSET_HOURS = 1;
const DEFAULT_HOURS = [16];
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** Cutoff hours (Lagos, 0–23), sorted, deduplicated; the default when the env is unset or invalid. */
export function cutoffHours(raw: string | undefined = process.env.OWO_SETTLEMENT_CUTOFF_HOURS): number[] {
  if (!raw?.trim()) return DEFAULT_HOURS;
  const parts = raw.split(",").map((p) => p.trim());
  const hours = parts.map(Number);
  if (hours.some((h, i) => parts[i] === "" || !Number.isInteger(h) || h < 0 || h > 23)) return DEFAULT_HOURS;
  return [...new Set(hours)].sort((a, b) => a - b);
}

/** The cutoff a payment received at `receivedAt` is batched at: the first cutoff strictly after it. */
export function cutoffFor(receivedAt: Date): Date {
  const t = receivedAt.getTime();
  const hours = cutoffHours();
  // Midnight of the Lagos calendar day `receivedAt` falls on, as a UTC instant.
  const lagosMidnight = Math.floor((t + LAGOS_OFFSET_HOURS * HOUR_MS) / DAY_MS) * DAY_MS - LAGOS_OFFSET_HOURS * HOUR_MS;
  for (let day = 0; day < 2; day++) {
    for (const h of hours) {
      const at = lagosMidnight + day * DAY_MS + h * HOUR_MS;
      if (at > t) return new Date(at);
    }
  }
  /* c8 ignore next */
  throw new Error("unreachable: a cutoff exists within two days");
}

/** When a payment received at `receivedAt` is expected to be paid out: the run at its cutoff. */
export function expectedPayoutAt(receivedAt: Date): Date {
  return cutoffFor(receivedAt);
}
