import { and, count, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import type { Db, DbOrTx } from "@/db/client";
import { payIds, staticPayIds, type MerchantType, type Mode, type Source } from "@/db/schema";
import { appError, notFound } from "@/lib/errors";
import { getWalletPayId, normalisePayId } from "./find-pay-id";
import { containsPattern, isUuid } from "@/lib/text-patterns";
import type { CreateStaticPayIdBody, ListStaticPayIdsQuery, UpdateStaticPayIdBody } from "./payid-input";
import type { StaticPayIdRecord } from "./static-payid-view";
import { type ListShape, type Paged } from "@/lib/lists/paging";
import { planPage } from "@/lib/lists/page-query";

type Scope = { merchantId: string; mode: Mode };

const staticPayIdNotFound = () => notFound("Static PayID not found.");

export const businessAccountRequired = () => appError("BUSINESS_ACCOUNT_REQUIRED");

const withHandle = { row: staticPayIds, payId: payIds.payId, suffix: payIds.suffix };
const toRecord = (r: { row: typeof staticPayIds.$inferSelect; payId: string; suffix: string }): StaticPayIdRecord => ({
  ...r.row,
  payId: r.payId,
  suffix: r.suffix,
});

/**
 * A permanent PayID `<pay_id><suffix>` for a business account: a `pay_ids` handle (kind
 * static, unique per mode) and the record the merchant manages. Payments settle to the given
 * settlement PayID (the key's), else to the merchant's wallet PayID of the mode.
 */
export async function createStaticPayId(
  db: Db,
  input: Scope & {
    merchantType: MerchantType;
    keyPairId: string | null;
    settlementPayIdId: string | null;
    source: Extract<Source, "api" | "dashboard">;
    body: CreateStaticPayIdBody;
  },
): Promise<StaticPayIdRecord> {
  if (input.merchantType !== "business") throw businessAccountRequired();
  const handle = input.body.pay_id.toLowerCase();
  const payId = `${handle}${input.body.suffix}`;

  return db.transaction(async (tx) => {
    const settlementPayIdId = input.settlementPayIdId ?? (await getWalletPayId(tx, input))?.id;
    if (!settlementPayIdId) throw new Error(`Merchant ${input.merchantId} has no ${input.mode} wallet PayID`);
    // ON CONFLICT DO NOTHING: a taken PayID (or a concurrent create of the same one) is a 409.
    const [handleRow] = await tx
      .insert(payIds)
      .values({ merchantId: input.merchantId, mode: input.mode, kind: "static", handle, suffix: input.body.suffix, payId })
      .onConflictDoNothing()
      .returning();
    if (!handleRow) throw appError("PAY_ID_TAKEN", { message: `The PayID ${payId} is already taken.` });

    const [row] = await tx
      .insert(staticPayIds)
      .values({
        payIdId: handleRow.id,
        merchantId: input.merchantId,
        mode: input.mode,
        keyPairId: input.keyPairId,
        settlementPayIdId,
        name: input.body.name,
        description: input.body.description || null,
        source: input.source,
      })
      .returning();
    return { ...row!, payId: handleRow.payId, suffix: handleRow.suffix };
  });
}

function listFilter(input: Scope & { search?: string }): SQL | undefined {
  const q = input.search?.trim();
  return and(
    eq(staticPayIds.merchantId, input.merchantId),
    eq(staticPayIds.mode, input.mode),
    q
      ? or(
          ilike(staticPayIds.name, containsPattern(q)),
          sql`${staticPayIds.payIdId} in (select ${payIds.id} from ${payIds} where ${ilike(payIds.payId, containsPattern(normalisePayId(q)))})`,
        )
      : undefined,
  );
}

const SHAPE: ListShape = { table: staticPayIds, order: [staticPayIds.createdAt, staticPayIds.id], cursorColumn: staticPayIds.id };

/** GET /v1/checkout/static-payid and the dashboard list: newest first, paged; search by name or PayID. */
export async function listStaticPayIds(tx: DbOrTx, input: Scope & ListStaticPayIdsQuery): Promise<Paged<StaticPayIdRecord>> {
  const where = listFilter(input)!;
  const plan = await planPage(tx, SHAPE, and(eq(staticPayIds.merchantId, input.merchantId), eq(staticPayIds.mode, input.mode))!, where, input);
  const [rows, [total]] = await Promise.all([
    tx
      .select(withHandle)
      .from(staticPayIds)
      .innerJoin(payIds, eq(payIds.id, staticPayIds.payIdId))
      .where(plan.where)
      .orderBy(...plan.orderBy),
    tx.select({ n: count() }).from(staticPayIds).where(where),
  ]);
  return plan.finish(rows.map(toRecord), total?.n ?? 0);
}

/** One static PayID of this merchant and mode; anything else (another merchant's, a bad id) is 404. */
export async function getStaticPayIdOrThrow(tx: DbOrTx, input: Scope & { id: string; forUpdate?: boolean }): Promise<StaticPayIdRecord> {
  if (!isUuid(input.id)) throw staticPayIdNotFound();
  const query = tx
    .select(withHandle)
    .from(staticPayIds)
    .innerJoin(payIds, eq(payIds.id, staticPayIds.payIdId))
    .where(and(eq(staticPayIds.id, input.id), eq(staticPayIds.merchantId, input.merchantId), eq(staticPayIds.mode, input.mode)))
    .limit(1);
  const [row] = input.forUpdate ? await query.for("update", { of: staticPayIds }) : await query;
  if (!row) throw staticPayIdNotFound();
  return toRecord(row);
}

/** PUT /v1/checkout/static-payid/:id: name and description only; answers the whole record. */
export async function updateStaticPayId(db: Db, input: Scope & { id: string; body: UpdateStaticPayIdBody }): Promise<StaticPayIdRecord> {
  return db.transaction(async (tx) => {
    const current = await getStaticPayIdOrThrow(tx, { ...input, forUpdate: true });
    const changes: Partial<typeof staticPayIds.$inferInsert> = {};
    if (input.body.name !== undefined) changes.name = input.body.name;
    if (input.body.description !== undefined) changes.description = input.body.description || null;
    if (Object.keys(changes).length === 0) return current;
    const [row] = await tx.update(staticPayIds).set(changes).where(eq(staticPayIds.id, current.id)).returning();
    return { ...row!, payId: current.payId, suffix: current.suffix };
  });
}

/**
 * DELETE (and its alias POST …/deactivate) and POST …/reactivate: a static PayID stops or
 * resumes taking payments; its `pay_ids` handle follows, so a payer's lookup sees the same.
 * Asking for the state it is already in changes nothing and still succeeds.
 */
export async function setStaticPayIdActive(db: Db, input: Scope & { id: string; active: boolean }): Promise<{ success: true; message: string }> {
  return db.transaction(async (tx) => {
    const current = await getStaticPayIdOrThrow(tx, { ...input, forUpdate: true });
    if (current.isActive !== input.active) {
      await tx.update(staticPayIds).set({ isActive: input.active }).where(eq(staticPayIds.id, current.id));
      await tx.update(payIds).set({ isActive: input.active }).where(eq(payIds.id, current.payIdId));
    }
    return { success: true as const, message: input.active ? "Static PayID reactivated." : "Static PayID deactivated." };
  });
}
