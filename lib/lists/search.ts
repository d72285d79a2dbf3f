import { sql, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { containsPattern } from "@/lib/text-patterns";

/** Joins a list's searched fields; a search term holding it falls back to one ILIKE per field. */
const SEPARATOR = "\x01";

/**
 * "Any of these fields contains the term" (ILIKE, case-insensitive), as one condition on the
 * fields joined by \x01: the expression of that list's trigram index (migration 0013), so it
 * is one GIN scan. `fields` must be written exactly as the index has them, in its order.
 */
export function searchFields(fields: (PgColumn | SQL)[], term: string): SQL {
  const pattern = containsPattern(term);
  if (term.includes(SEPARATOR))
    return sql`(${sql.join(
      fields.map((f) => sql`${f} ilike ${pattern}`),
      sql` or `,
    )})`;
  const joined = sql.join(
    fields.map((f) => sql`coalesce(${f}, '')`),
    sql.raw(` || E'\\x01' || `),
  );
  return sql`(${joined}) ilike ${pattern}`;
}
