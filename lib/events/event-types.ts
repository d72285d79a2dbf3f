/** Every event type Owo sends (api.md Events + supplement), for filters and docs. */
export const EVENT_TYPES = [
  "charge.success",
  "charge.refunded",
  "transfer.success",
  "transfer.failed",
  // A completed bank transfer its rail took back (supplement §11).
  "transfer.reversed",
  "invoice.created",
  "invoice.sent",
  "invoice.payment_received",
  "invoice.paid",
  "invoice.paused",
  "webhook.test",
] as const;
