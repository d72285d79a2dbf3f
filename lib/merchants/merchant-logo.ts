import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Db, DbOrTx } from "@/db/client";
import { merchantLogos, merchants } from "@/db/schema";
import { recordAudit, type Actor } from "@/lib/audit/record-audit";
import { notFound, validationError } from "@/lib/errors";

/** 256 KiB: a logo is shown at most 64 px high. */
export const MAX_LOGO_BYTES = 256 * 1024;

/**
 * The image types a logo may be, told by their first bytes (never by the name or the type the
 * browser claims). No SVG: it can carry script.
 */
const SIGNATURES: { type: string; test: (b: Buffer) => boolean }[] = [
  { type: "image/png", test: (b) => b.length > 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
  { type: "image/jpeg", test: (b) => b.length > 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { type: "image/webp", test: (b) => b.length > 12 && b.subarray(0, 4).toString("latin1") === "RIFF" && b.subarray(8, 12).toString("latin1") === "WEBP" },
];

export const LOGO_ACCEPT = "image/png,image/jpeg,image/webp";

/** The content type of an acceptable logo, or the reason it is refused (in a merchant's words). */
export function checkLogo(bytes: Buffer): { ok: true; contentType: string } | { ok: false; message: string } {
  if (bytes.length === 0) return { ok: false, message: "Choose an image file." };
  if (bytes.length > MAX_LOGO_BYTES) return { ok: false, message: `The logo must be 256 KB or smaller; this file is ${Math.ceil(bytes.length / 1024)} KB.` };
  const type = SIGNATURES.find((s) => s.test(bytes))?.type;
  if (!type) return { ok: false, message: "The logo must be a PNG, JPEG or WebP image." };
  return { ok: true, contentType: type };
}

/** Replaces the business's logo (an owner's). Returns the new logo's SHA-256 (part of its URL). */
export async function setMerchantLogo(db: Db, input: { merchantId: string; bytes: Buffer; actor: Actor }): Promise<string> {
  const check = checkLogo(input.bytes);
  if (!check.ok) throw validationError([check.message]);
  const sha256 = createHash("sha256").update(input.bytes).digest("hex");
  return db.transaction(async (tx) => {
    const [before] = await tx.select({ logoSha256: merchants.logoSha256 }).from(merchants).where(eq(merchants.id, input.merchantId)).for("update");
    if (!before) throw notFound("Business not found.");
    const row = { merchantId: input.merchantId, contentType: check.contentType, sha256, bytes: input.bytes, updatedAt: new Date() };
    await tx
      .insert(merchantLogos)
      .values(row)
      .onConflictDoUpdate({ target: merchantLogos.merchantId, set: { contentType: row.contentType, sha256, bytes: row.bytes, updatedAt: row.updatedAt } });
    await tx.update(merchants).set({ logoSha256: sha256 }).where(eq(merchants.id, input.merchantId));
    await recordAudit(tx, {
      merchantId: input.merchantId,
      actor: input.actor,
      action: "merchant.logo_changed",
      targetType: "merchant",
      targetId: input.merchantId,
      changes: { logo: { from: before.logoSha256 ? "a logo" : "none", to: "a new logo" } },
    });
    return sha256;
  });
}

export async function removeMerchantLogo(db: Db, input: { merchantId: string; actor: Actor }): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx.select({ logoSha256: merchants.logoSha256 }).from(merchants).where(eq(merchants.id, input.merchantId)).for("update");
    if (!before) throw notFound("Business not found.");
    if (!before.logoSha256) return;
    await tx.delete(merchantLogos).where(eq(merchantLogos.merchantId, input.merchantId));
    await tx.update(merchants).set({ logoSha256: null }).where(eq(merchants.id, input.merchantId));
    await recordAudit(tx, {
      merchantId: input.merchantId,
      actor: input.actor,
      action: "merchant.logo_changed",
      targetType: "merchant",
      targetId: input.merchantId,
      changes: { logo: { from: "a logo", to: "none" } },
    });
  });
}

/** The logo with this SHA-256, or null (a replaced logo's old URL answers 404). */
export async function readMerchantLogo(db: DbOrTx, merchantId: string, sha256: string): Promise<{ contentType: string; bytes: Buffer } | null> {
  if (!/^[0-9a-f-]{36}$/i.test(merchantId) || !/^[0-9a-f]{64}$/.test(sha256)) return null;
  const [row] = await db
    .select({ contentType: merchantLogos.contentType, bytes: merchantLogos.bytes })
    .from(merchantLogos)
    .where(and(eq(merchantLogos.merchantId, merchantId), eq(merchantLogos.sha256, sha256)));
  return row ?? null;
}

/** Where a logo is served from: our own origin (the pages' CSP allows only 'self' images). */
export const logoPath = (merchantId: string, sha256: string) => `/brand/${merchantId}/${sha256}`;
