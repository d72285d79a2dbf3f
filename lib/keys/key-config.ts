import { z } from "zod";
import { PAYMENT_METHODS, PERMISSIONS } from "@/db/schema";
import { normaliseCryptoSelector } from "@/lib/crypto-assets/catalogue";
import { normaliseDomain } from "./allowed-domains";

/** A comma-separated string (CLI, form field) or an array, trimmed, blanks dropped. */
const list = z.preprocess(
  (v) => (typeof v === "string" ? v.split(",") : v),
  z.array(z.string().trim()).transform((xs) => xs.filter(Boolean)),
);

/** A list whose entries are normalised one by one; an entry that will not normalise is named. */
const normalisedList = (normalise: (x: string) => string | null, problem: string) =>
  list.transform((xs, ctx) =>
    xs.map((x) => {
      const n = normalise(x);
      if (!n) ctx.addIssue({ code: "custom", message: `${problem}: ${x}` });
      return n ?? x;
    }),
  );

/** A per-minute limit. */
const perMinute = z.coerce.number().int().min(1).max(1_000_000);

/** Everything a key pair is configured with. The CLI and the seed set all of it; the dashboard all but the limits. */
export const KeyConfigInput = z.object({
  name: z.string().trim().min(1, "name is required").max(100, "name must be at most 100 characters").default("API key"),
  permissions: list.pipe(z.array(z.enum(PERMISSIONS, { error: `permissions must be among ${PERMISSIONS.join(", ")}` }))).default([...PERMISSIONS]),
  allowedDomains: normalisedList(normaliseDomain, "allowed_domains has an invalid domain")
    .pipe(z.array(z.string()).max(50, "allowed_domains may hold at most 50 domains"))
    .default([]),
  webhookUrl: z
    .string()
    .trim()
    .max(2048, "webhook_url must be at most 2048 characters")
    .transform((v) => v || null)
    .nullable()
    .default(null),
  paymentMethods: list
    .pipe(
      z
        .array(z.enum(PAYMENT_METHODS, { error: `payment_methods must be among ${PAYMENT_METHODS.join(", ")}` }))
        .min(1, "payment_methods needs at least one method"),
    )
    .default(["bank_transfer", "payid"]),
  cryptoAssets: normalisedList(normaliseCryptoSelector, "crypto_assets has an unknown asset").default([]),
  /** A PayID of this merchant in this mode (with or without @); default: the wallet PayID. */
  settlementPayId: z.string().trim().max(64).optional(),
  linkWallet: z.boolean().default(true),
  rateLimit: perMinute.default(100),
  initializeLimit: perMinute.default(30),
});
export type KeyConfigInput = z.input<typeof KeyConfigInput>;

/**
 * A key pair's rate limits (requests per minute, and initializations per minute): an operator
 * setting (supplement §1), changed by the CLI and the admin area only, never by the merchant.
 */
export const KeyLimitsInput = z.object({ rateLimit: perMinute.optional(), initializeLimit: perMinute.optional() });
export type KeyLimitsInput = z.input<typeof KeyLimitsInput>;

/** The fields a merchant configures from the dashboard: everything but the rate limits. */
export const MERCHANT_KEY_FIELDS = Object.keys(KeyConfigInput.shape).filter((k) => !(k in KeyLimitsInput.shape));

/** A dashboard key form's values with only the merchant's fields kept (anything else is dropped). */
export function merchantKeyConfig(raw: Record<string, unknown>): KeyConfigInput {
  return Object.fromEntries(Object.entries(raw).filter(([k]) => MERCHANT_KEY_FIELDS.includes(k)));
}
export type KeyConfig = z.output<typeof KeyConfigInput>;
