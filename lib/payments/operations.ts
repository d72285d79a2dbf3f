/** The /v1 operations of the sandbox's simulated payments and expiry, each declared once: route files, the OpenAPI document and the typed client read them. */
import { z } from "zod";
import { defineOperation } from "@/lib/operation";
import { SandboxExpireBody } from "./sandbox-expire";
import { SandboxPaymentBody } from "./sandbox-payment";
import { kobo, responseSchema, timestamp } from "@/lib/response-schema";

export const SandboxExpireResultSchema = responseSchema(
  "SandboxExpireResult",
  z.object({ resource: z.enum(["session", "dynamic_payid", "virtual_account", "invoice"]), id: z.string(), expires_at: timestamp() }),
);

export const SandboxPaymentResultSchema = responseSchema(
  "SandboxPaymentResult",
  z.object({
    reference: z.string(),
    channel: z.enum(["bank_transfer", "payid", "card", "crypto", "static_account"]),
    amount: kobo(),
    status: z.literal("completed"),
  }),
);

export const createSandboxPaymentOp = defineOperation({
  method: "POST",
  path: "/v1/sandbox/payments",
  operationId: "createSandboxPayment",
  summary: "Book a simulated inbound payment",
  description: "Exactly one of account_number, pay_id, session_id, invoice_id.",
  tag: "Sandbox",
  sandbox: true,
  body: SandboxPaymentBody,
  response: SandboxPaymentResultSchema,
  errors: { 400: ["HTTP_ERROR", "AMOUNT_REJECTED", "DESTINATION_NOT_FOUND", "DESTINATION_CLOSED"] },
});

export const sandboxExpireOp = defineOperation({
  method: "POST",
  path: "/v1/sandbox/expire",
  operationId: "sandboxExpire",
  summary: "Expire a session, dynamic PayID, virtual account or invoice now",
  tag: "Sandbox",
  sandbox: true,
  body: SandboxExpireBody,
  response: SandboxExpireResultSchema,
  errors: { 404: ["NOT_FOUND"] },
});
