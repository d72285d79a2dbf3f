import { randomInt } from "node:crypto";
import { and, count, eq, ilike, or, type SQL } from "drizzle-orm";
import type { Db, DbOrTx } from "@/db/client";
import { paymentLinks, type Mode, type PaymentLink } from "@/db/schema";
import { notFound, validationError } from "@/lib/errors";
import { type ListShape, type Paged } from "@/lib/lists/paging";
import { planPage } from "@/lib/lists/page-query";
import { getWalletPayId } from "@/lib/payids/find-pay-id";
import { containsPattern, isUuid } from "@/lib/text-patterns";
import { LINK_MIN_KOBO, type CreatePaymentLinkBody, type ListPaymentLinksQuery, type UpdatePaymentLinkBody } from "./payment-link-input";

type Scope = { merchantId: string; mode: Mode };

const linkNotFound = () => notFound("Payment link not found.");

// Lower-case letters and digits without look-alikes (0/o, 1/l/i): easy to read off a flyer and type.
const SLUG_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";
const SLUG_LENGTH = 10;

/** A fresh short address: 10 characters of a 31-letter alphabet (about 49 bits), drawn again on the rare collision. */
export function newLinkSlug(): string {
  let s = "";
  for (let i = 0; i < SLUG_LENGTH; i++) s += SLUG_ALPHABET[randomInt(SLUG_ALPHABET.length)];
  return s;
}

/** The amount columns from a create body: a fixed amount, or the customer's choice from min (default 100 kobo) to max. */
function amountColumns(b: { amount?: number | null; min_amount?: number | null; max_amount?: number | null }) {
  if (b.amount != null) return { amount: b.amount, minAmount: null, maxAmount: null };
  return { amount: null, minAmount: b.min_amount ?? LINK_MIN_KOBO, maxAmount: b.max_amount ?? null };
}

/**
 * A payment link of this merchant and mode, at a new `/l/<slug>`. Payments settle to the
 * given settlement PayID (the key's), else to the merchant's wallet PayID of the mode.
 */
export async function createPaymentLink(
  db: Db,
  input: Scope & { keyPairId: string | null; settlementPayIdId: string | null; source: "api" | "dashboard"; body: CreatePaymentLinkBody },
): Promise<PaymentLink> {
  const settlementPayIdId = input.settlementPayIdId ?? (await getWalletPayId(db, input))?.id;
  if (!settlementPayIdId) throw new Error(`Merchant ${input.merchantId} has no ${input.mode} wallet PayID`);
  const b = input.body;
  for (let attempt = 0; attempt < 5; attempt++) {
    const [row] = await db
      .insert(paymentLinks)
      .values({
        slug: newLinkSlug(),
        merchantId: input.merchantId,
        mode: input.mode,
        keyPairId: input.keyPairId,
        settlementPayIdId,
        title: b.title,
        description: b.description || null,
        ...amountColumns(b),
        collectFields: b.collect_fields,
        allowQuantity: b.allow_quantity,
        redirectUrl: b.redirect_url || null,
        isActive: b.is_active,
        metadata: b.metadata ?? null,
        source: input.source,
      })
      .onConflictDoNothing({ target: paymentLinks.slug })
      .returning();
    if (row) return row;
  }
  throw new Error("payment link: no free slug after 5 draws");
}

function listFilter(input: Scope & { search?: string; is_active?: boolean }): SQL {
  const q = input.search?.trim();
  return and(
    eq(paymentLinks.merchantId, input.merchantId),
    eq(paymentLinks.mode, input.mode),
    input.is_active === undefined ? undefined : eq(paymentLinks.isActive, input.is_active),
    q ? or(ilike(paymentLinks.title, containsPattern(q)), eq(paymentLinks.slug, q.toLowerCase())) : undefined,
  )!;
}

const SHAPE: ListShape = { table: paymentLinks, order: [paymentLinks.createdAt, paymentLinks.id], cursorColumn: paymentLinks.id };

/** GET /v1/checkout/payment-links and the dashboard's list: newest first, paged; search by title or slug. */
export async function listPaymentLinks(tx: DbOrTx, input: Scope & ListPaymentLinksQuery): Promise<Paged<PaymentLink>> {
  const where = listFilter(input);
  const plan = await planPage(tx, SHAPE, and(eq(paymentLinks.merchantId, input.merchantId), eq(paymentLinks.mode, input.mode))!, where, input);
  const [rows, [total]] = await Promise.all([
    tx
      .select()
      .from(paymentLinks)
      .where(plan.where)
      .orderBy(...plan.orderBy),
    tx.select({ n: count() }).from(paymentLinks).where(where),
  ]);
  return plan.finish(rows, total?.n ?? 0);
}

/** One payment link of this merchant and mode; another merchant's, the other mode's or a bad id is 404. */
export async function getPaymentLinkOrThrow(tx: DbOrTx, input: Scope & { id: string; forUpdate?: boolean }): Promise<PaymentLink> {
  if (!isUuid(input.id)) throw linkNotFound();
  const query = tx
    .select()
    .from(paymentLinks)
    .where(and(eq(paymentLinks.id, input.id), eq(paymentLinks.merchantId, input.merchantId), eq(paymentLinks.mode, input.mode)))
    .limit(1);
  const [row] = input.forUpdate ? await query.for("update") : await query;
  if (!row) throw linkNotFound();
  return row;
}

/**
 * The amount columns after an update: an `amount` makes the price fixed; `amount: null` (or a
 * link that already lets the customer choose) keeps or sets the range, each end changed only when given.
 */
function updatedAmounts(current: PaymentLink, b: UpdatePaymentLinkBody) {
  if (b.amount != null) return { amount: b.amount, minAmount: null, maxAmount: null };
  const givesRange = b.min_amount !== undefined || b.max_amount !== undefined;
  if (b.amount === undefined && current.amount !== null) {
    if (givesRange) throw validationError(["min_amount and max_amount apply when the customer chooses the amount: send amount: null with them"]);
    return null;
  }
  if (b.amount === undefined && !givesRange) return null;
  const minAmount = b.min_amount !== undefined ? (b.min_amount ?? LINK_MIN_KOBO) : (current.minAmount ?? LINK_MIN_KOBO);
  const maxAmount = b.max_amount !== undefined ? (b.max_amount ?? null) : current.maxAmount;
  if (maxAmount !== null && minAmount > maxAmount) throw validationError(["min_amount must not be more than max_amount"]);
  return { amount: null, minAmount, maxAmount };
}

/** PUT / PATCH /v1/checkout/payment-links/:id and the dashboard's edit: only the fields given change. */
export async function updatePaymentLink(db: Db, input: Scope & { id: string; body: UpdatePaymentLinkBody }): Promise<PaymentLink> {
  return db.transaction(async (tx) => {
    const current = await getPaymentLinkOrThrow(tx, { ...input, forUpdate: true });
    const b = input.body;
    const changes: Partial<typeof paymentLinks.$inferInsert> = { ...updatedAmounts(current, b) };
    if (b.title !== undefined) changes.title = b.title;
    if (b.description !== undefined) changes.description = b.description || null;
    if (b.collect_fields !== undefined) changes.collectFields = b.collect_fields;
    if (b.allow_quantity !== undefined) changes.allowQuantity = b.allow_quantity;
    if (b.redirect_url !== undefined) changes.redirectUrl = b.redirect_url || null;
    if (b.is_active !== undefined) changes.isActive = b.is_active;
    if (b.metadata !== undefined) changes.metadata = b.metadata ?? null;
    if (Object.keys(changes).length === 0) return current;
    const [row] = await tx.update(paymentLinks).set(changes).where(eq(paymentLinks.id, current.id)).returning();
    return row!;
  });
}
