import { z } from "zod";
import { PAYMENT_METHODS } from "@/db/schema";
import { koboSchema } from "@/lib/money";
import { httpUrl } from "@/lib/validation";

const required = (field: string, what: string) => ({
  error: (i: { input: unknown }) => (i.input === undefined ? `${field} is required` : `${field} must be ${what}`),
});

/** An optional field: absent or null both mean "not given" (SDKs often send null). */
const optional = <T extends z.ZodType>(schema: T) => schema.nullish().transform((v) => v ?? undefined);

/** Supplement §3: `{name, description?, quantity, amount}`, amount in kobo per unit. */
export const LineItemInput = z.object({
  name: z.string().trim().min(1).max(255),
  description: optional(z.string().max(1000)),
  // Custom words for integers: zod reports a non-integer without its input, which would read as "required".
  quantity: z
    .number()
    .int({ error: "line_items quantity must be an integer of at least 1" })
    .min(1, "line_items quantity must be an integer of at least 1")
    .max(1_000_000, "line_items quantity must be at most 1000000"),
  amount: z
    .number()
    .int({ error: "line_items amount must be an integer number of kobo" })
    .min(0, "line_items amount must not be negative")
    .max(Number.MAX_SAFE_INTEGER, "line_items amount is too large"),
});

/** POST /v1/checkout/session/initialize: api.md's body table, plus line_items (supplement §3). */
export const InitializeSessionBody = z.object({
  amount: koboSchema("amount", {
    min: 100,
    messages: { type: "amount must be an integer of at least 100", min: "amount must be an integer of at least 100", max: "amount is too large" },
  }),
  email: z
    .string(required("email", "a valid email address"))
    .trim()
    .max(254, "email must be at most 254 characters")
    .pipe(z.email("email must be a valid email address")),
  customer_name: optional(z.string({ error: "customer_name must be a string" }).trim().max(255, "customer_name must be at most 255 characters")),
  currency: optional(
    z
      .string({ error: "currency must be a string" })
      .trim()
      .max(3, "currency must be at most 3 characters")
      .transform((v) => v.toUpperCase())
      // The service collects NGN only: any other code would mislabel a naira payment.
      .refine((v) => v === "NGN", "currency must be NGN"),
  ).transform((v) => v ?? "NGN"),
  reference: optional(
    z.string({ error: "reference must be a string" }).trim().min(1, "reference must not be empty").max(255, "reference must be at most 255 characters"),
  ),
  callback_url: optional(
    z
      .string({ error: "callback_url must be a string" })
      .trim()
      .max(2048, "callback_url must be at most 2048 characters")
      .refine(httpUrl, "callback_url must be an http or https URL"),
  ),
  metadata: optional(z.record(z.string(), z.unknown(), { error: "metadata must be an object" })),
  payment_methods: optional(
    z
      .array(z.enum(PAYMENT_METHODS, { error: `payment_methods must be among ${PAYMENT_METHODS.join(", ")}` }), {
        error: "payment_methods must be an array",
      })
      .min(1, "payment_methods must have at least 1 item")
      .transform((xs) => [...new Set(xs)]),
  ),
  crypto_assets: optional(
    z
      .array(z.string({ error: "crypto_assets must be an array of strings" }).trim().min(1).max(40), { error: "crypto_assets must be an array of strings" })
      .max(50, "crypto_assets must have at most 50 items"),
  ),
  line_items: optional(z.array(LineItemInput, { error: "line_items must be an array" }).max(50, "line_items must have at most 50 items")),
});
export type InitializeSessionBody = z.output<typeof InitializeSessionBody>;

/**
 * POST /:sessionId/payment-method. `payment_type` is the PHP SDK's name for the same field
 * (supplement §7). Any string passes here: an unknown one is api.md's "Unsupported payment
 * method: {method}", answered by the service once it knows the session.
 */
export const SelectPaymentMethodBody = z
  .object({
    payment_method: optional(z.string({ error: "payment_method must be a string" }).trim().max(40, "payment_method must be at most 40 characters")),
    payment_type: optional(z.string({ error: "payment_type must be a string" }).trim().max(40, "payment_type must be at most 40 characters")),
  })
  .transform((b, ctx) => {
    const method = b.payment_method || b.payment_type;
    if (!method) {
      ctx.addIssue({ code: "custom", message: "payment_method is required" });
      return z.NEVER;
    }
    return { payment_method: method };
  });
export type SelectPaymentMethodBody = z.output<typeof SelectPaymentMethodBody>;

export const SwitchBankBody = z.object({
  provider: z.string(required("provider", "a string")).trim().min(1, "provider is required").max(64, "provider must be at most 64 characters"),
});
export type SwitchBankBody = z.output<typeof SwitchBankBody>;
