import { eq } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { merchants } from "@/db/schema";
import { hoverShade, readableAccent } from "./brand-colour";
import { logoPath } from "./merchant-logo";

/** How a business appears to its customers: hosted pages and emails. */
export type MerchantBrand = {
  /** The display name, else the business name. */
  name: string;
  logoUrl: string | null;
  /** Readable on white (lib/merchants/brand-colour.ts), with its hover shade; null: Owo's own. */
  accent: { colour: string; hover: string } | null;
  supportEmail: string | null;
  supportPhone: string | null;
};

export function brandOf(m: {
  id: string;
  name: string;
  displayName: string | null;
  brandColour: string | null;
  logoSha256: string | null;
  supportEmail: string | null;
  supportPhone: string | null;
}): MerchantBrand {
  const colour = m.brandColour ? readableAccent(m.brandColour) : null;
  return {
    name: m.displayName ?? m.name,
    logoUrl: m.logoSha256 ? logoPath(m.id, m.logoSha256) : null,
    accent: colour ? { colour, hover: hoverShade(colour) } : null,
    supportEmail: m.supportEmail,
    supportPhone: m.supportPhone,
  };
}

export async function getMerchantBrand(db: DbOrTx, merchantId: string): Promise<MerchantBrand | null> {
  const [m] = await db
    .select({
      id: merchants.id,
      name: merchants.name,
      displayName: merchants.displayName,
      brandColour: merchants.brandColour,
      logoSha256: merchants.logoSha256,
      supportEmail: merchants.supportEmail,
      supportPhone: merchants.supportPhone,
    })
    .from(merchants)
    .where(eq(merchants.id, merchantId));
  return m ? brandOf(m) : null;
}

/** The lines an email ends with: how to reach the business. */
export function brandSignature(brand: MerchantBrand): string {
  const contact = [brand.supportEmail, brand.supportPhone].filter(Boolean).join(" · ");
  return contact ? `${brand.name}\nQuestions? ${contact}` : brand.name;
}
