import { eq } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { ledgerAccounts, type LedgerAccount, type LedgerAccountKind, type Mode } from "@/db/schema";

/** Platform accounts may run negative: they mirror money held or owed outside the ledger. */
const PLATFORM_NEGATIVE: ReadonlySet<LedgerAccountKind> = new Set(["bank_clearing", "sandbox_funding", "provider_fees"]);

type AccountSpec = { code: string; mode: Mode; kind: LedgerAccountKind; merchantId?: string | null; payIdId?: string | null; allowNegative?: boolean };

export type AccountRef = { id: string };

// Account codes never change their id, so a process remembers them: posting to a known
// account costs no lookup. Only ids read (never ones this transaction just inserted, which a
// rollback could undo) are remembered; postEntry forgets an id that turns out not to exist.
const g = globalThis as unknown as { __owoAccountIds?: Map<string, string> };
const knownIds = (g.__owoAccountIds ??= new Map());

export function forgetAccountIds(ids: string[]): void {
  for (const [code, id] of knownIds) if (ids.includes(id)) knownIds.delete(code);
}

/** The account with this code, created on first use (concurrent first uses agree on one). */
export async function ensureAccount(tx: DbOrTx, spec: AccountSpec): Promise<AccountRef> {
  const known = knownIds.get(spec.code);
  if (known) return { id: known };
  // Read first: a plain read never waits for the row lock a concurrent entry holds, as an
  // INSERT … ON CONFLICT on a locked row would.
  const [found] = await tx.select({ id: ledgerAccounts.id }).from(ledgerAccounts).where(eq(ledgerAccounts.code, spec.code)).limit(1);
  if (found) {
    knownIds.set(spec.code, found.id);
    return found;
  }
  const [inserted] = await tx
    .insert(ledgerAccounts)
    .values({ ...spec, merchantId: spec.merchantId ?? null, payIdId: spec.payIdId ?? null, allowNegative: spec.allowNegative ?? false })
    .onConflictDoNothing({ target: ledgerAccounts.code })
    .returning({ id: ledgerAccounts.id });
  if (inserted) return inserted;
  const [existing] = await tx.select({ id: ledgerAccounts.id }).from(ledgerAccounts).where(eq(ledgerAccounts.code, spec.code)).limit(1);
  return existing!;
}

export function platformAccount(tx: DbOrTx, mode: Mode, kind: LedgerAccountKind): Promise<AccountRef> {
  return ensureAccount(tx, { code: `platform:${mode}:${kind}`, mode, kind, allowNegative: PLATFORM_NEGATIVE.has(kind) });
}

/**
 * What Owo believes a rail's provider holds for it (supplement §11): one clearing account per
 * rail, negative as money arrives there. The sandbox (and money that came before rails) uses
 * the mode's bank_clearing.
 */
export function clearingAccount(tx: DbOrTx, mode: Mode, rail: string | null | undefined): Promise<AccountRef> {
  if (!rail || rail === "sandbox") return platformAccount(tx, mode, "bank_clearing");
  return ensureAccount(tx, { code: railClearingCode(mode, rail), mode, kind: "bank_clearing", allowNegative: true });
}

/** What a rail's provider charged Owo: the platform's cost, beside fee_revenue (the margin). */
export function providerFeesAccount(tx: DbOrTx, mode: Mode, rail: string): Promise<AccountRef> {
  return ensureAccount(tx, { code: `platform:${mode}:provider_fees:${rail}`, mode, kind: "provider_fees", allowNegative: true });
}

export const railClearingCode = (mode: Mode, rail: string) => `platform:${mode}:rail_clearing:${rail}`;

export function walletAccountFor(tx: DbOrTx, wallet: { id: string; merchantId: string; mode: Mode }): Promise<AccountRef> {
  return ensureAccount(tx, { code: walletAccountCode(wallet.id), mode: wallet.mode, kind: "wallet", merchantId: wallet.merchantId, payIdId: wallet.id });
}

/** A wallet's available balance in kobo (0 before its first entry). */
export async function walletBalance(tx: DbOrTx, input: { payIdId: string }): Promise<number> {
  const [row] = await tx
    .select({ balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.code, walletAccountCode(input.payIdId)))
    .limit(1);
  return row?.balance ?? 0;
}

/** Reads an account without creating it (pages must not write). */
export async function findAccount(tx: DbOrTx, code: string): Promise<LedgerAccount | null> {
  const [row] = await tx.select().from(ledgerAccounts).where(eq(ledgerAccounts.code, code)).limit(1);
  return row ?? null;
}

export const walletAccountCode = (payIdId: string) => `wallet:${payIdId}`;
