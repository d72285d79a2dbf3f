import type { Db, DbOrTx } from "@/db/client";
import { foldPendingCustomers, pendingCustomerScopes, type CustomerScope } from "@/db/statements/customers";

/**
 * Booking a payment only appends it to `customer_payments_pending` (migration 0033); these add
 * what is pending to the kept `customers` rows with the rules of migration 0024
 * (`foldPendingCustomers`, db/statements/customers.ts).
 */

/** Folds one merchant's pending payments in a mode: every read of the Customers area calls it first. Answers how many it folded. */
export function foldCustomers(db: DbOrTx, scope: CustomerScope): Promise<number> {
  return foldPendingCustomers(db, { merchantId: scope.merchantId, mode: scope.mode });
}

/** How many merchants and modes the scheduler's job looks up at a time. */
const SCOPES_PER_READ = 200;

/**
 * The scheduler's `fold_customers`: every merchant's pending payments, merchant by merchant in
 * key order (one sweep: a merchant paid again meanwhile waits for the next pass or its next
 * read), so the queue stays short for merchants who never open Customers and each read's fold
 * small. Answers how many payments it folded.
 */
export async function foldAllCustomers(db: Db): Promise<number> {
  let folded = 0;
  let after: CustomerScope | null = null;
  for (;;) {
    const scopes = await pendingCustomerScopes(db, { limit: SCOPES_PER_READ, after });
    for (const scope of scopes) folded += await foldPendingCustomers(db, scope);
    if (scopes.length < SCOPES_PER_READ) return folded;
    after = scopes[scopes.length - 1]!;
  }
}
