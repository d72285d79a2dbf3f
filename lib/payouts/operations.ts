/** The /v1 operations of automatic payouts, each declared once: route files, the OpenAPI document and the typed client read them. */
import { defineOperation } from "@/lib/operation";
import { ListPayoutsQuery } from "./list-payouts";
import { TransferPageSchema } from "@/lib/transfers/transfer-view";

export const listPayoutsOp = defineOperation({
  method: "GET",
  path: "/v1/checkout/payouts",
  operationId: "listPayouts",
  summary: "List automatic payouts",
  description:
    'The automatic payouts to the payout account set in the dashboard (Settings → Payouts), newest first, as transfer objects with `source: "payout"`. ' +
    "Each is a bank transfer with the same fees and events as any other (transfer.success, transfer.failed).",
  tag: "Transfers",
  permission: "transfers",
  query: ListPayoutsQuery,
  response: TransferPageSchema,
});
