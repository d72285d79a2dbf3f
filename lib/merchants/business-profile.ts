import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Db, DbOrTx } from "@/db/client";
import { merchants } from "@/db/schema";
import { changedFields, recordAudit, type Actor } from "@/lib/audit/record-audit";
import { notFound, validationError } from "@/lib/errors";
import { BRAND_COLOUR_PATTERN } from "./brand-colour";

/** Settings → Business profile: what customers see. Every field is optional (empty clears it). */
export const BusinessProfileInput = z.object({
  displayName: z.string().trim().max(80, "Keep the display name to 80 characters or fewer."),
  brandColour: z
    .string()
    .trim()
    .refine((v) => v === "" || BRAND_COLOUR_PATTERN.test(v), "Enter the colour as # and six hex digits, like #0f766e."),
  supportEmail: z
    .string()
    .trim()
    .max(200, "Keep the email to 200 characters or fewer.")
    .refine((v) => v === "" || z.email().safeParse(v).success, "Enter an email address customers can write to, like help@yourbusiness.ng."),
  supportPhone: z
    .string()
    .trim()
    .refine((v) => v === "" || /^\+?[0-9][0-9 ()-]{6,19}$/.test(v), "Enter a phone number of 7 to 20 digits, like +234 803 000 0000."),
});
export type BusinessProfileInput = z.input<typeof BusinessProfileInput>;

export type BusinessProfile = {
  name: string;
  displayName: string | null;
  brandColour: string | null;
  supportEmail: string | null;
  supportPhone: string | null;
  logoSha256: string | null;
};

const empty = (v: string) => (v === "" ? null : v);

export async function getBusinessProfile(db: DbOrTx, merchantId: string): Promise<BusinessProfile> {
  const [m] = await db
    .select({
      name: merchants.name,
      displayName: merchants.displayName,
      brandColour: merchants.brandColour,
      supportEmail: merchants.supportEmail,
      supportPhone: merchants.supportPhone,
      logoSha256: merchants.logoSha256,
    })
    .from(merchants)
    .where(eq(merchants.id, merchantId));
  if (!m) throw notFound("Business not found.");
  return m;
}

/** Saves the profile (an owner's), audited field by field. Bad input changes nothing. */
export async function updateBusinessProfile(db: Db, input: { merchantId: string; profile: BusinessProfileInput; actor: Actor }): Promise<BusinessProfile> {
  const parsed = BusinessProfileInput.safeParse(input.profile);
  if (!parsed.success) throw validationError(parsed.error.issues.map((i) => i.message));
  const next = {
    displayName: empty(parsed.data.displayName),
    brandColour: empty(parsed.data.brandColour)?.toLowerCase() ?? null,
    supportEmail: empty(parsed.data.supportEmail)?.toLowerCase() ?? null,
    supportPhone: empty(parsed.data.supportPhone),
  };
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(merchants).where(eq(merchants.id, input.merchantId)).for("update");
    if (!before) throw notFound("Business not found.");
    await tx.update(merchants).set(next).where(eq(merchants.id, input.merchantId));
    const changes = changedFields({
      display_name: [before.displayName, next.displayName],
      brand_colour: [before.brandColour, next.brandColour],
      support_email: [before.supportEmail, next.supportEmail],
      support_phone: [before.supportPhone, next.supportPhone],
    });
    if (changes)
      await recordAudit(tx, {
        merchantId: input.merchantId,
        actor: input.actor,
        action: "merchant.profile_updated",
        targetType: "merchant",
        targetId: input.merchantId,
        changes,
      });
    return getBusinessProfile(tx, input.merchantId);
  });
}
