/**
 * Shown on every dashboard page while a platform admin has the business suspended
 * (merchants.suspended_at): its API keys are refused and money-moving actions are blocked
 * (moneyAction) until the suspension is lifted.
 */
export function SuspendedNotice() {
  return (
    <div
      role="alert"
      data-testid="suspended-notice"
      className="border-b border-red-300 bg-red-50 px-4 py-3 text-sm text-red-900 md:px-6 dark:border-red-900 dark:bg-red-950/50 dark:text-red-100"
    >
      <strong className="font-semibold">This business is suspended by Owo.</strong> Its API keys are refused and money can&apos;t be sent, funded or refunded
      until the suspension is lifted. You can still view your records. Contact Owo support to resolve it.
    </div>
  );
}
