import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { Db, DbOrTx } from "@/db/client";
import { PAYOUT_SCHEDULES, payoutSettings, type Mode, type PayoutSettings } from "@/db/schema";
import { recordAudit, type Actor } from "@/lib/audit/record-audit";
import { findBank } from "@/lib/bank/nigerian-banks";
import { optionalNairaTextSchema } from "@/lib/money";
import { resolveAccount } from "@/lib/transfers/resolve-account";
import { parseOrThrow } from "@/lib/validation";

export { PAYOUT_SCHEDULES };
type Scope = { merchantId: string; mode: Mode };

/** Settings → Payouts' form: the account, when, and what to keep (naira text, parsed in one place). */
export const PayoutSettingsInput = z.object({
  bankCode: z
    .string({ error: "Choose a bank" })
    .trim()
    .refine((v) => Boolean(findBank(v)), "Choose a bank from the list"),
  accountNumber: z
    .string({ error: "The account number is required" })
    .transform((v) => v.replace(/\s+/g, ""))
    .refine((v) => /^\d{10}$/.test(v), "An account number has 10 digits"),
  schedule: z.enum(PAYOUT_SCHEDULES, { error: "Choose daily, weekly or manual" }),
  hour: z.coerce.number({ error: "Choose an hour" }).int().min(0, "Choose an hour").max(23, "Choose an hour"),
  weekday: z.coerce.number({ error: "Choose a day" }).int().min(1, "Choose a day").max(7, "Choose a day"),
  // Empty: nothing kept. The naira text is parsed by lib/money (its own words per problem).
  reserve: optionalNairaTextSchema({
    minKobo: 0,
    maxKobo: 100_000_000_000,
    messages: {
      invalid: "Enter the reserve in naira, like 5000 or 5000.50",
      negative: "The reserve cannot be negative",
      decimals: "Use at most two decimals (kobo) for the reserve",
      too_large: "The reserve can be at most ₦1,000,000,000",
    },
  }).transform((kobo) => kobo ?? 0),
});

/** The form as sent (text); PayoutSettingsInput parses it, naira included, in savePayoutSettings. */
export const PayoutSettingsForm = z.object({
  bankCode: z.string().max(10),
  accountNumber: z.string().max(20),
  schedule: z.enum(PAYOUT_SCHEDULES, { error: "Choose daily, weekly or manual" }),
  hour: z.coerce.number(),
  weekday: z.coerce.number(),
  reserve: z.string().max(40),
});

export async function getPayoutSettings(db: DbOrTx, scope: Scope): Promise<PayoutSettings | null> {
  const [row] = await db
    .select()
    .from(payoutSettings)
    .where(and(eq(payoutSettings.merchantId, scope.merchantId), eq(payoutSettings.mode, scope.mode)));
  return row ?? null;
}

/**
 * An owner sets the payout account and schedule for the mode. A new account is verified by
 * name enquiry through the mode's rail (live with none: 503 RAIL_UNAVAILABLE); the name kept is
 * the bank's. Audited with what changed.
 */
export async function savePayoutSettings(db: Db, input: z.input<typeof PayoutSettingsInput> & Scope & { actor: Actor }): Promise<PayoutSettings> {
  const data = parseOrThrow(PayoutSettingsInput, input);
  const before = await getPayoutSettings(db, input);
  const sameAccount = before && before.bankCode === data.bankCode && before.accountNumber === data.accountNumber;
  const account = sameAccount
    ? { accountName: before.accountName, verifiedAt: before.verifiedAt }
    : {
        accountName: (await resolveAccount(input.mode, { account_number: data.accountNumber, bank_code: data.bankCode })).account_name,
        verifiedAt: new Date(),
      };
  const values = {
    merchantId: input.merchantId,
    mode: input.mode,
    bankCode: data.bankCode,
    bankName: findBank(data.bankCode)!.bankName,
    accountNumber: data.accountNumber,
    ...account,
    schedule: data.schedule,
    hour: data.hour,
    weekday: data.weekday,
    reserve: data.reserve,
  };
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(payoutSettings)
      .values(values)
      .onConflictDoUpdate({ target: [payoutSettings.merchantId, payoutSettings.mode], set: { ...values, lastRunPeriod: null, lastRunNote: null } })
      .returning();
    await recordAudit(tx, {
      merchantId: input.merchantId,
      actor: input.actor,
      action: "payout_settings.saved",
      targetType: "payout_settings",
      targetId: `${input.merchantId}:${input.mode}`,
      changes: {
        account: {
          from: before ? `${before.bankName} ${before.accountNumber}` : null,
          to: `${values.bankName} ${values.accountNumber} (${values.accountName})`,
        },
        schedule: { from: before ? describeSchedule(before) : null, to: describeSchedule(values) },
        reserve: { from: before?.reserve ?? null, to: values.reserve },
      },
    });
    return row!;
  });
}

const WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];
export const weekdayName = (isoDay: number) => WEEKDAYS[isoDay - 1] ?? "Monday";
const hourText = (h: number) => `${String(h).padStart(2, "0")}:00`;

/** "Daily at 10:00 (Lagos)", "Weekly on Friday at 09:00 (Lagos)", "Manual". */
export function describeSchedule(s: Pick<PayoutSettings, "schedule" | "hour" | "weekday">): string {
  if (s.schedule === "manual") return "Manual (send money yourself)";
  if (s.schedule === "weekly") return `Weekly on ${weekdayName(s.weekday)} at ${hourText(s.hour)} (Lagos)`;
  return `Daily at ${hourText(s.hour)} (Lagos)`;
}
