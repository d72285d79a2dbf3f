/**
 * Supplement §4: after failed automatic attempt n (1-based) the next one waits RETRY_DELAYS_MS[n-1];
 * the 10th failure exhausts the event (10 attempts over about 75 hours).
 */
export const RETRY_DELAYS_MS = [
  5_000,
  5 * 60_000,
  30 * 60_000,
  2 * 3_600_000,
  5 * 3_600_000,
  10 * 3_600_000,
  14 * 3_600_000,
  20 * 3_600_000,
  24 * 3_600_000,
] as const;

export const MAX_AUTOMATIC_ATTEMPTS = RETRY_DELAYS_MS.length + 1;

/** ±5%, so receivers that failed together are not retried in one burst. */
const JITTER = 0.05;

/** Milliseconds until the next automatic attempt after `failedAttempts` failures, or null when exhausted. */
export function retryDelayMs(failedAttempts: number, random: () => number = Math.random): number | null {
  if (failedAttempts < 1) return 0;
  const base = RETRY_DELAYS_MS[failedAttempts - 1];
  if (base === undefined) return null;
  return Math.round(base * (1 - JITTER + 2 * JITTER * random()));
}
