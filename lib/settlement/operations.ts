/** The /v1 operations of the sandbox's settlement run, each declared once: route files, the OpenAPI document and the typed client read them. */
import { defineOperation } from "@/lib/operation";
import { SettlementRunSchema } from "./settlement-run-view";

export const runSandboxSettlementOp = defineOperation({
  method: "POST",
  path: "/v1/sandbox/settlement/run",
  operationId: "runSandboxSettlement",
  summary: "Run settlement now for this key's test static-account payments",
  tag: "Sandbox",
  sandbox: true,
  response: SettlementRunSchema,
});
