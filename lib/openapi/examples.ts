/**
 * Request examples for the OpenAPI document, generated from each operation's JSON Schema with
 * realistic values (kobo amounts, real bank codes, Nigerian names, emails) instead of a type's
 * name. /docs prefills "Try it" with them. examples.test.ts checks that every example passes
 * the very zod schema the handler parses the request with.
 */

type Schema = Record<string, unknown>;
type Components = Record<string, Schema>;

/** Fields a reader expects to see filled in even when optional (they make the example read as a real request). */
const SHOWN_WHEN_OPTIONAL = new Set(["customer_name", "customer_email", "email", "narration", "payer", "name", "tax_rate", "reason", "reference", "note"]);

/** Today + `days` in Lagos as YYYY-MM-DD (an invoice's due date must not be in the past). */
function isoDate(days: number): string {
  const lagos = new Date(Date.now() + 60 * 60 * 1000 + days * 86_400_000);
  return lagos.toISOString().slice(0, 10);
}

/** A value for a field by its name, when the name says what it holds (`undefined`: no rule). */
function byName(name: string, s: Schema): unknown {
  switch (name) {
    case "amount":
      return typeof s.minimum === "number" && s.minimum > 250_000 ? s.minimum : 250_000; // ₦2,500.00
    case "unit_price":
      return 1_250_000; // ₦12,500.00
    case "daily_limit":
      return 5_000_000; // ₦50,000.00
    case "quantity":
      return 2;
    case "tax_rate":
      return 7.5; // VAT
    case "account_number":
    case "account":
      return "0123456789";
    case "bank_code":
      return "058"; // Guaranty Trust Bank
    case "bank":
      return "Guaranty Trust Bank";
    case "account_name":
      return "Chidinma Okafor";
    case "customer_name":
      return "Adaeze Okafor";
    case "email":
    case "customer_email":
      return "adaeze.okafor@example.com";
    case "customer_phone":
      return "+2348031234567";
    case "identity_type":
      return "bvn";
    case "identity_number":
      return "22212345678";
    case "reference":
      return "order_1042";
    case "merchant_reference":
      return "PO-2026-0042";
    case "narration":
      return "Payment for order 1042";
    case "reason":
      return "Customer paid twice";
    case "note":
      return "Thank you for your business.";
    case "due_date":
      return isoDate(14);
    case "callback_url":
      return "https://shop.example.com/orders/1042/paid";
    case "currency":
      return "NGN";
    case "pay_id":
      return "@mamaputkitchen";
    case "provider":
      return "wema";
    case "label":
      return "Supplier";
    case "expires_in_minutes":
    case "validity_minutes":
      return 60;
    case "metadata":
      return { order_id: "1042" };
    case "asset":
      return "USDT";
    case "network":
      return "TRC20";
    default:
      return undefined;
  }
}

/** A name for a `name`/`description` field by what it names (the parent field's name). */
function textByParent(name: string, parent: string | undefined): string | undefined {
  if (name === "name") return parent === "payer" ? "Bola Adeyemi" : parent === "line_items" ? "Ankara tote bag" : "Mama Put Kitchen";
  if (name === "description") return parent === "line_items" ? "Website design" : "Lunch orders for the Lekki branch";
  return undefined;
}

function resolve(components: Components, schema: Schema): Schema {
  let s = schema;
  for (let i = 0; i < 10 && typeof s.$ref === "string"; i++) s = components[s.$ref.split("/").pop()!] ?? {};
  return s;
}

/** An example value for `schema`; `name` is the field it fills, `parent` the field holding that one. */
export function exampleFor(components: Components, schema: Schema, name?: string, parent?: string, depth = 0): unknown {
  const s = resolve(components, schema);
  if (depth > 6) return null;
  if ("const" in s) return s.const;
  if (Array.isArray(s.enum)) return s.enum[0];
  const union = (s.oneOf ?? s.anyOf) as Schema[] | undefined;
  if (union) {
    const first = union.find((u) => resolve(components, u).type !== "null") ?? union[0]!;
    return exampleFor(components, { ...first, ...(s.description ? { description: s.description } : {}) }, name, parent, depth + 1);
  }
  if (name) {
    const named = byName(name, s) ?? textByParent(name, parent);
    if (named !== undefined) return named;
  }
  const type = Array.isArray(s.type) ? (s.type as string[]).find((t) => t !== "null") : s.type;
  switch (type) {
    case "object": {
      const props = (s.properties ?? {}) as Record<string, Schema>;
      const required = new Set((s.required ?? []) as string[]);
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(props)) {
        if (required.has(k) || SHOWN_WHEN_OPTIONAL.has(k)) out[k] = exampleFor(components, v, k, name ?? parent, depth + 1);
      }
      return out;
    }
    case "array":
      return [exampleFor(components, (s.items as Schema) ?? {}, undefined, name, depth + 1)];
    case "integer":
    case "number":
      return typeof s.minimum === "number" ? s.minimum : 1;
    case "boolean":
      return false;
    case "string":
      if (s.format === "email") return "adaeze.okafor@example.com";
      if (s.format === "date") return isoDate(14);
      if (s.format === "date-time") return `${isoDate(0)}T09:30:00+01:00`;
      if (s.format === "uri") return "https://shop.example.com";
      return name ? name.replaceAll("_", " ") : "text";
    default:
      return null;
  }
}

/**
 * Whole bodies where a field-by-field example cannot be right: a body that needs one of
 * several fields (the sandbox payment's destination) or values that must agree with each
 * other (a session's line items add up to its amount).
 */
export const BODY_EXAMPLES: Record<string, unknown> = {
  initializeSession: {
    amount: 2_500_000,
    email: "adaeze.okafor@example.com",
    customer_name: "Adaeze Okafor",
    reference: "order_1042",
    line_items: [{ name: "Ankara tote bag", quantity: 2, amount: 1_250_000 }],
  },
  selectPaymentMethod: { payment_method: "bank_transfer" },
  addWalletMember: { pay_id: "@adaobi", label: "Supplier", daily_limit: 5_000_000 },
  updateWalletMember: { label: "Supplier", daily_limit: 5_000_000 },
  sandboxExpire: { resource: "session", id: "cs_01jd4k7m2x9p" },
  setSandboxTransferOutcome: { status: "failed", reason: "Beneficiary bank unavailable" },
  requestPaymentRefund: { reference: "txn_01jd4k7m2x9p", amount: 500_000, reason: "One of two items was out of stock" },
  rejectSandboxRefund: { rejection_reason: "The customer kept the order" },
  createSandboxPayment: { pay_id: "@mamaputkitchen", amount: 250_000, payer: { name: "Bola Adeyemi", bank: "Guaranty Trust Bank", account: "0123456789" } },
  initiateTransfer: {
    type: "bank_transfer",
    account_number: "0123456789",
    bank_code: "058",
    account_name: "Chidinma Okafor",
    amount: 1_250_000,
    narration: "Supplier payment for March",
    reference: "payout_1042",
  },
  createStaticPayId: { pay_id: "mamaputkitchen", suffix: ".checkout", name: "Mama Put Kitchen", description: "Lunch orders for the Lekki branch" },
  createVirtualAccount: { amount: 1_500_000, validity_minutes: 60, amount_validation: "A0" },
  createDynamicPayId: { amount: 500_000, name: "Order 1042", expires_in_minutes: 60 },
  // A fixed price and a range cannot both be given: the example is the customer's choice.
  createPaymentLink: {
    title: "Donate to the Yaba reading club",
    description: "Books for the children's shelf",
    min_amount: 100_000,
    max_amount: 5_000_000,
    collect_fields: ["phone"],
    redirect_url: "https://readingclub.example.com/thanks",
  },
  updatePaymentLink: { title: "Ankara tote bag", amount: 1_250_000, allow_quantity: true },
  patchPaymentLink: { is_active: false },
};

/** Example values for path and query parameters (shown as placeholders, not sent unless typed). */
const PARAMETER_EXAMPLES: Record<string, string> = {
  sessionId: "cs_01jd4k7m2x9p",
  reference: "payout_1042",
  publicId: "inv_8fk2m4q7",
  id: "spa_01jd4k7m2x9p",
  payId: "@adaobi",
  paymentId: "pay_01jd4k7m2x9p",
  refundId: "rf_01jd4k7m2x9p",
  search: "Adaeze",
};

export function parameterExample(name: string, schema: Schema): unknown {
  if (name in PARAMETER_EXAMPLES) return PARAMETER_EXAMPLES[name];
  if (name === "page") return 1;
  if (name === "page_size") return 20;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  return undefined;
}

type DocLike = {
  paths: Record<
    string,
    Record<
      string,
      {
        operationId: string;
        parameters?: { name: string; schema: Schema; example?: unknown }[];
        requestBody?: { content: Record<string, { schema: Schema; example?: unknown }> };
      }
    >
  >;
  components: { schemas: Components };
};

/** Puts an `example` on every request body and on the parameters that have one. */
export function addExamples<D extends DocLike>(doc: D): D {
  for (const item of Object.values(doc.paths)) {
    for (const op of Object.values(item)) {
      for (const p of op.parameters ?? []) {
        const example = parameterExample(p.name, p.schema);
        if (example !== undefined) p.example = example;
      }
      const media = op.requestBody?.content["application/json"];
      if (media) media.example = BODY_EXAMPLES[op.operationId] ?? exampleFor(doc.components.schemas, media.schema);
    }
  }
  return doc;
}
