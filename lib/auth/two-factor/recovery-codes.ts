import { createHash, randomInt } from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { recoveryCodes } from "@/db/schema";

/**
 * Ten one-time recovery codes per user with two-factor on: 10 characters from an alphabet
 * without look-alikes (no 0/o, 1/l/i), shown as `xxxxx-xxxxx`, about 49 bits each. Shown once;
 * only the SHA-256 of the normalised code is kept (a code is random, not a password: a fast
 * hash is enough, and the sign-in limits bound the guesses).
 */
export const RECOVERY_CODE_COUNT = 10;
const ALPHABET = "23456789abcdefghjkmnpqrstuvwxyz";
const LENGTH = 10;

function newRecoveryCode(): string {
  let out = "";
  for (let i = 0; i < LENGTH; i++) out += ALPHABET[randomInt(ALPHABET.length)];
  return `${out.slice(0, 5)}-${out.slice(5)}`;
}

/** What the user typed, as stored: lower case, no spaces or dashes; null when it cannot be a code. */
export function normaliseRecoveryCode(input: string): string | null {
  const s = input.toLowerCase().replace(/[\s-]+/g, "");
  return s.length === LENGTH && [...s].every((c) => ALPHABET.includes(c)) ? s : null;
}

export function hashRecoveryCode(normalised: string): string {
  return createHash("sha256").update(normalised).digest("hex");
}

/** Replaces the user's codes with ten new ones (in the caller's transaction); answers them in clear, once. */
export async function replaceRecoveryCodes(tx: DbOrTx, userId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await tx.insert(recoveryCodes).values(codes.map((c) => ({ userId, codeHash: hashRecoveryCode(normaliseRecoveryCode(c)!) })));
  return codes;
}

/**
 * Uses up one code: a single conditional UPDATE, so of two concurrent uses of one code exactly
 * one finds it unused (the other waits on the row lock, then sees `used_at` set). True when used now.
 */
export async function consumeRecoveryCode(db: DbOrTx, userId: string, input: string): Promise<boolean> {
  const code = normaliseRecoveryCode(input);
  if (!code) return false;
  const used = await db
    .update(recoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, hashRecoveryCode(code)), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  return used.length === 1;
}

/** How many unused codes the user has left (the settings page shows it). */
export async function unusedRecoveryCodeCount(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return Number(row?.n ?? 0);
}
