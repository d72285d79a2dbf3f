import { eq } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { statementMappings } from "@/db/schema";
import { recordAudit, type Actor } from "@/lib/audit/record-audit";
import { validationError } from "@/lib/errors";
import { MAPPING_FIELDS, type ColumnMapping } from "./statement-formats";

/** The column mapping an operator saved for a bank statement source; null when none is saved. */
export async function savedMapping(tx: DbOrTx, source: string): Promise<ColumnMapping | null> {
  const [row] = await tx.select().from(statementMappings).where(eq(statementMappings.source, source));
  return row ? (row.columns as ColumnMapping) : null;
}

/**
 * Saves (or replaces) a bank statement source's column mapping, once per source: the header
 * of each field. The reference and an amount (or credit and debit) are required. Audited.
 */
export async function saveMapping(
  tx: DbOrTx,
  input: { source: string; rail: string; columns: Record<string, string | undefined>; actor: Actor },
): Promise<ColumnMapping> {
  const columns: Record<string, string> = {};
  for (const field of MAPPING_FIELDS) {
    const v = input.columns[field]?.trim();
    if (v) columns[field] = v;
  }
  const problems: string[] = [];
  if (!input.source.trim()) problems.push("source is required");
  if (!columns.reference) problems.push("reference: name the column of the provider's reference");
  if (!columns.amount && !columns.credit && !columns.debit) problems.push("amount: name the amount column, or the credit and debit columns");
  if (problems.length) throw validationError(problems);
  const mapping = columns as ColumnMapping;
  const by = input.actor.userId ?? input.actor.type;
  await tx
    .insert(statementMappings)
    .values({ source: input.source.trim(), rail: input.rail, columns: mapping, updatedBy: by })
    .onConflictDoUpdate({ target: statementMappings.source, set: { rail: input.rail, columns: mapping, updatedBy: by, updatedAt: new Date() } });
  await recordAudit(tx, {
    merchantId: null,
    actor: input.actor,
    action: "reconciliation.mapping_saved",
    targetType: "statement_mapping",
    targetId: input.source.trim(),
    changes: { columns: { to: mapping } },
  });
  return mapping;
}
