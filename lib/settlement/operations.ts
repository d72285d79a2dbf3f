/** The /v1 operations of the sandbox's settlement run, each declared once: route files, the OpenAPI document and the typed client read them. */
import { z } from "zod";
import { defineOperation } from "@/lib/operation";
import { int, responseSchema } from "@/lib/response-schema";

export const SettlementRunSchema = responseSchema(
  "SettlementRun",
  z.object({ batched: int(), paid_out: int(), wallet_credit: int(), failed: int() }),
  "Counts of payments: cut off into a batch, paid out to a bank account, credited to the wallet, failed.",
);

export const runSandboxSettlementOp = defineOperation({
  method: "POST",
  path: "/v1/sandbox/settlement/run",
  operationId: "runSandboxSettlement",
  summary: "Run settlement now for this key's test static-account payments",
  tag: "Sandbox",
  sandbox: true,
  response: SettlementRunSchema,
});
