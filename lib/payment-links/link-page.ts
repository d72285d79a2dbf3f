import { eq } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { merchants, paymentLinks, type PaymentLink } from "@/db/schema";
import { brandOf, type MerchantBrand } from "@/lib/merchants/merchant-brand";

/** What the public page `/l/<slug>` shows: the link, who it pays and whether it takes money now. */
export type LinkPage = { link: PaymentLink; brand: MerchantBrand; open: boolean };

/** Slugs are ours (lower-case letters and digits); anything else names no link. */
const SLUG = /^[a-z0-9]{4,40}$/;

/** The link behind `/l/<slug>` with its business's brand, or null. Closed while inactive or while the business is suspended. */
export async function getLinkPage(db: DbOrTx, slug: string): Promise<LinkPage | null> {
  if (!SLUG.test(slug)) return null;
  const [row] = await db
    .select({
      link: paymentLinks,
      m: {
        id: merchants.id,
        name: merchants.name,
        displayName: merchants.displayName,
        brandColour: merchants.brandColour,
        logoSha256: merchants.logoSha256,
        supportEmail: merchants.supportEmail,
        supportPhone: merchants.supportPhone,
        suspendedAt: merchants.suspendedAt,
      },
    })
    .from(paymentLinks)
    .innerJoin(merchants, eq(merchants.id, paymentLinks.merchantId))
    .where(eq(paymentLinks.slug, slug));
  if (!row) return null;
  return { link: row.link, brand: brandOf(row.m), open: row.link.isActive && row.m.suspendedAt === null };
}
