import { randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { dynamicPayIds, merchants, payIds, type AmountValidation, type DynamicPayId, type Mode, type Source } from "@/db/schema";
import { appError } from "@/lib/errors";
import { getWalletPayId } from "./find-pay-id";

export const DYNAMIC_SUFFIX = ".dypid";
const SLUG_ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789";
const SLUG_LENGTH = 8;

export type DynamicPayIdRecord = DynamicPayId & { fullPayId: string };

export type CreateDynamicPayIdInput = {
  merchantId: string;
  mode: Mode;
  keyPairId: string | null;
  settlementPayIdId: string;
  name?: string;
  /** Kobo; null means any amount. */
  amount: number | null;
  amountValidation: AmountValidation;
  allowMultiplePayments: boolean;
  expiresAt: Date;
  source: Source;
  sessionId?: string | null;
  /** Set when issued for an invoice's hosted page. */
  invoiceId?: string | null;
  metadata?: Record<string, unknown> | null;
};

/** Short random lowercase slug (36^8 ≈ 2.8e12: a collision is retried, never expected). */
function randomSlug(): string {
  let out = "";
  while (out.length < SLUG_LENGTH) {
    for (const byte of randomBytes(SLUG_LENGTH * 2)) {
      // 252 = 7 × 36: bytes above it are dropped so every letter is equally likely.
      if (byte < 252) out += SLUG_ALPHABET[byte % 36];
      if (out.length === SLUG_LENGTH) break;
    }
  }
  return out;
}

/** What a dynamic PayID is called when the caller names none: after the account. */
export function defaultDynamicPayIdName(accountName: string): string {
  return `Payment to ${accountName}`.slice(0, 255);
}

export const fullDynamicPayId = (row: Pick<DynamicPayId, "slug">) => `${row.slug}${DYNAMIC_SUFFIX}`;

/**
 * A new dynamic PayID (`<slug>.dypid`), standalone or issued for a session. The creator is the
 * merchant's wallet PayID of that mode; the slug is unique per mode through `pay_ids`.
 */
export async function createDynamicPayId(tx: DbOrTx, input: CreateDynamicPayIdInput): Promise<DynamicPayIdRecord> {
  const [merchantRows, creator] = await Promise.all([
    tx.select({ name: merchants.name, type: merchants.type }).from(merchants).where(eq(merchants.id, input.merchantId)).limit(1),
    getWalletPayId(tx, { merchantId: input.merchantId, mode: input.mode }),
  ]);
  const merchant = merchantRows[0];
  if (!merchant || !creator) throw new Error(`Merchant ${input.merchantId} has no ${input.mode} wallet PayID`);

  // ON CONFLICT DO NOTHING keeps the caller's transaction usable when a slug is taken.
  let handle: { id: string; slug: string } | undefined;
  for (let attempt = 0; attempt < 5 && !handle; attempt++) {
    const slug = randomSlug();
    const [row] = await tx
      .insert(payIds)
      .values({
        merchantId: input.merchantId,
        mode: input.mode,
        kind: "dynamic",
        handle: slug,
        suffix: DYNAMIC_SUFFIX,
        payId: `${slug}${DYNAMIC_SUFFIX}`,
      })
      .onConflictDoNothing()
      .returning({ id: payIds.id });
    if (row) handle = { id: row.id, slug };
  }
  if (!handle) throw appError("INTERNAL_ERROR", { message: "Could not allocate a PayID." });

  const [created] = await tx
    .insert(dynamicPayIds)
    .values({
      payIdId: handle.id,
      slug: handle.slug,
      merchantId: input.merchantId,
      mode: input.mode,
      keyPairId: input.keyPairId,
      sessionId: input.sessionId ?? null,
      invoiceId: input.invoiceId ?? null,
      settlementPayIdId: input.settlementPayIdId,
      creatorPayIdId: creator.id,
      creatorType: merchant.type,
      name: input.name?.trim() || defaultDynamicPayIdName(merchant.name),
      amount: input.amount,
      amountValidation: input.amountValidation,
      allowMultiplePayments: input.allowMultiplePayments,
      source: input.source,
      metadata: input.metadata ?? null,
      expiresAt: input.expiresAt,
    })
    .returning();
  return { ...created!, fullPayId: fullDynamicPayId(created!) };
}

/**
 * Stops an active dynamic PayID taking payments (delete, or a session moving on): active →
 * deactivated with deactivatedAt now. Any other state is left as it is. The pay_ids handle is
 * switched off with it so a payer's lookup sees it closed.
 */
export async function retireDynamicPayId(tx: DbOrTx, id: string): Promise<void> {
  const [row] = await tx
    .update(dynamicPayIds)
    .set({ status: "deactivated", deactivatedAt: sql`now()` })
    .where(and(eq(dynamicPayIds.id, id), eq(dynamicPayIds.status, "active")))
    .returning({ payIdId: dynamicPayIds.payIdId });
  if (row) await tx.update(payIds).set({ isActive: false }).where(eq(payIds.id, row.payIdId));
}
