/**
 * Whether something that takes money for a while (a checkout session, a dynamic PayID, a
 * virtual account) has reached its expires_at. Each domain's expiry applies it lazily on a
 * read (api.md: "status updated before returning"); lib/payments/expire-due-receivables.ts
 * applies the same rule in batches for the scheduler.
 */
export const isDue = (expiresAt: Date | null, now: Date) => expiresAt !== null && expiresAt.getTime() <= now.getTime();
