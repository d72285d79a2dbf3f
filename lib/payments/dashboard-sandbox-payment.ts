import { and, eq, type Column } from "drizzle-orm";
import { z } from "zod";
import type { Db, DbOrTx } from "@/db/client";
import { dynamicPayIds, payIds, staticAccounts, staticPayIds, virtualAccounts, type Mode } from "@/db/schema";
import { destinationNotFound } from "@/lib/destination-errors";
import { appError } from "@/lib/errors";
import { isUuid } from "@/lib/text-patterns";
import { makeSandboxPayment, SandboxPaymentBody } from "./sandbox-payment";

/** The records whose dashboard page has "Simulate a payment" (test mode). */
export const SIMULATE_TARGETS = ["virtual_account", "static_account", "dynamic_payid", "static_payid", "invoice"] as const;
export type SimulateTarget = (typeof SIMULATE_TARGETS)[number];

export const SimulatePaymentTarget = z.object({
  target: z.enum(SIMULATE_TARGETS),
  /** The id in the record's dashboard URL: a virtual account's or invoice's public id, else the row id. */
  id: z.string().trim().min(1).max(64),
});

const sandboxOnlyInDashboard = () => appError("SANDBOX_ONLY", { message: "Payments can only be simulated in test mode." });

/**
 * The dashboard's "Simulate a payment" (issue 18, test mode only): the record is found among
 * the merchant's own (another merchant's is DESTINATION_NOT_FOUND, as an unknown target is),
 * and paid exactly as POST /v1/sandbox/payments pays it, through makeSandboxPayment: the
 * same body, schema, ledger entry, state changes and events. A live-mode call is refused.
 */
export async function simulateDashboardPayment(
  db: Db,
  input: { merchantId: string; mode: Mode; target: SimulateTarget; id: string; amount: number; payerName?: string | null },
) {
  if (input.mode !== "test") throw sandboxOnlyInDashboard();
  const destination = await destinationOf(db, input);
  const name = input.payerName?.trim() || undefined;
  const body = SandboxPaymentBody.parse({ ...destination, amount: input.amount, ...(name ? { payer: { name } } : {}) });
  return makeSandboxPayment(db, { mode: "test", merchantId: input.merchantId, body });
}

type Scope = { merchantId: string; mode: Mode; target: SimulateTarget; id: string };

/** The sandbox body's destination for one of the merchant's records. */
async function destinationOf(tx: DbOrTx, s: Scope): Promise<Record<string, string>> {
  const own = (t: { merchantId: Column; mode: Column }) => and(eq(t.merchantId, s.merchantId), eq(t.mode, s.mode));
  switch (s.target) {
    case "virtual_account": {
      const [row] = await tx
        .select({ n: virtualAccounts.accountNumber })
        .from(virtualAccounts)
        .where(and(eq(virtualAccounts.publicId, s.id), own(virtualAccounts)));
      if (!row?.n) throw destinationNotFound("account");
      return { account_number: row.n };
    }
    case "static_account": {
      const [row] = await tx
        .select({ n: staticAccounts.accountNumber })
        .from(staticAccounts)
        .where(and(eq(staticAccounts.id, s.id), own(staticAccounts)));
      if (!row) throw destinationNotFound("account");
      return { account_number: row.n };
    }
    case "dynamic_payid": {
      if (!isUuid(s.id)) throw destinationNotFound("PayID");
      const [row] = await tx
        .select({ p: payIds.payId })
        .from(dynamicPayIds)
        .innerJoin(payIds, eq(payIds.id, dynamicPayIds.payIdId))
        .where(and(eq(dynamicPayIds.id, s.id), own(dynamicPayIds)));
      if (!row) throw destinationNotFound("PayID");
      return { pay_id: row.p };
    }
    case "static_payid": {
      if (!isUuid(s.id)) throw destinationNotFound("PayID");
      const [row] = await tx
        .select({ p: payIds.payId })
        .from(staticPayIds)
        .innerJoin(payIds, eq(payIds.id, staticPayIds.payIdId))
        .where(and(eq(staticPayIds.id, s.id), own(staticPayIds)));
      if (!row) throw destinationNotFound("PayID");
      return { pay_id: row.p };
    }
    case "invoice":
      // makeSandboxPayment finds the invoice among this merchant's and mode's, as the API does.
      return { invoice_id: s.id, channel: "bank_transfer" };
  }
}
