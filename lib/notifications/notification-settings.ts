import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Db, DbOrTx } from "@/db/client";
import { notificationSettings } from "@/db/schema";
import { changedFields, recordAudit, type Actor } from "@/lib/audit/record-audit";
import { validationError } from "@/lib/errors";
import { formatNaira, optionalNairaTextSchema } from "@/lib/money";

/** The largest threshold a merchant may set: ₦1 billion. */
export const MAX_THRESHOLD_KOBO = 100_000_000_000;

/** Settings → Notifications, as the form sends it: switches, and the threshold as naira text. */
export const NotificationSettingsInput = z
  .object({
    paymentReceived: z.boolean(),
    paymentReceivedMin: optionalNairaTextSchema({
      minKobo: 0,
      maxKobo: MAX_THRESHOLD_KOBO,
      maxLength: 40,
      messages: {
        invalid: "Enter the amount in naira, like 50000 or 50,000.",
        negative: "The amount cannot be negative.",
        decimals: "Use at most two decimal places (kobo).",
        too_large: `The amount can be at most ${formatNaira(MAX_THRESHOLD_KOBO)}.`,
      },
    }),
    payoutFailed: z.boolean(),
    refundDecided: z.boolean(),
    webhookFailing: z.boolean(),
    receipts: z.boolean(),
  })
  .superRefine((v, ctx) => {
    if (v.paymentReceived && v.paymentReceivedMin === null)
      ctx.addIssue({ code: "custom", path: ["paymentReceivedMin"], message: "Enter the amount from which you want an email (0 for every payment)." });
  });
export type NotificationSettingsInput = z.input<typeof NotificationSettingsInput>;

/** The form's input → the choices to save, or a validation error in the form's words. */
export function parseNotificationChoices(input: NotificationSettingsInput): z.output<typeof NotificationSettingsInput> {
  const parsed = NotificationSettingsInput.safeParse(input);
  if (!parsed.success) throw validationError(parsed.error.issues.map((i) => i.message));
  return parsed.data;
}

export type NotificationChoices = {
  paymentReceived: boolean;
  /** Kobo; null when off. */
  paymentReceivedMin: number | null;
  payoutFailed: boolean;
  refundDecided: boolean;
  webhookFailing: boolean;
  receipts: boolean;
};

const OFF: NotificationChoices = {
  paymentReceived: false,
  paymentReceivedMin: null,
  payoutFailed: false,
  refundDecided: false,
  webhookFailing: false,
  receipts: false,
};

export async function getNotificationChoices(db: DbOrTx, merchantId: string): Promise<NotificationChoices> {
  const [row] = await db.select().from(notificationSettings).where(eq(notificationSettings.merchantId, merchantId));
  if (!row) return OFF;
  return {
    paymentReceived: row.paymentReceivedSince !== null,
    paymentReceivedMin: row.paymentReceivedSince !== null ? row.paymentReceivedMin : null,
    payoutFailed: row.payoutFailedSince !== null,
    refundDecided: row.refundDecidedSince !== null,
    webhookFailing: row.webhookFailingSince !== null,
    receipts: row.receiptsSince !== null,
  };
}

/**
 * Saves the choices (an owner's). A kind turned on now announces only what happens from now
 * on; one left on keeps its start. Bad input changes nothing.
 */
export async function setNotificationChoices(
  db: Db,
  input: { merchantId: string; choices: z.output<typeof NotificationSettingsInput>; actor: Actor },
): Promise<NotificationChoices> {
  const c = input.choices;
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(notificationSettings).where(eq(notificationSettings.merchantId, input.merchantId)).for("update");
    const now = new Date();
    const since = (on: boolean, was: Date | null | undefined) => (on ? (was ?? now) : null);
    const next = {
      paymentReceivedMin: c.paymentReceived ? c.paymentReceivedMin : null,
      paymentReceivedSince: since(c.paymentReceived, before?.paymentReceivedSince),
      payoutFailedSince: since(c.payoutFailed, before?.payoutFailedSince),
      refundDecidedSince: since(c.refundDecided, before?.refundDecidedSince),
      webhookFailingSince: since(c.webhookFailing, before?.webhookFailingSince),
      receiptsSince: since(c.receipts, before?.receiptsSince),
    };
    await tx
      .insert(notificationSettings)
      .values({ merchantId: input.merchantId, ...next })
      .onConflictDoUpdate({ target: notificationSettings.merchantId, set: { ...next, updatedAt: now } });
    const wasMin = before?.paymentReceivedSince ? before.paymentReceivedMin : null;
    const word = (b: boolean) => (b ? "on" : "off");
    const naira = (k: number | null) => (k === null ? "off" : formatNaira(k));
    const changes = changedFields({
      payment_received_from: [naira(wasMin), naira(next.paymentReceivedMin)],
      payout_failed: [word(before?.payoutFailedSince != null), word(c.payoutFailed)],
      refund_decided: [word(before?.refundDecidedSince != null), word(c.refundDecided)],
      webhook_failing: [word(before?.webhookFailingSince != null), word(c.webhookFailing)],
      payer_receipts: [word(before?.receiptsSince != null), word(c.receipts)],
    });
    if (changes)
      await recordAudit(tx, {
        merchantId: input.merchantId,
        actor: input.actor,
        action: "merchant.notifications_changed",
        targetType: "merchant",
        targetId: input.merchantId,
        changes,
      });
    return getNotificationChoices(tx, input.merchantId);
  });
}
