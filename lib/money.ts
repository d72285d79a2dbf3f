import { z } from "zod";

/**
 * Money is integer kobo inside Owo. Naira exists only at the edge (fields api.md says are
 * naira, what people type) and in what people read. This file is that edge: every naira
 * amount that comes in is turned into kobo here, from its decimal text, with integer
 * arithmetic only (no floating point on the way in).
 */
const formatter = new Intl.NumberFormat("en-NG", { style: "currency", currency: "NGN" });

export function formatNaira(kobo: number | bigint): string {
  const k = BigInt(kobo);
  const negative = k < 0n;
  const abs = negative ? -k : k;
  const text = formatter.format(Number(abs / 100n) + Number(abs % 100n) / 100);
  return negative ? `−${text}` : text;
}

/** 1250050 → "12500.50" (the spec's naira decimal string). */
export function koboToNaira(kobo: number | bigint): string {
  const k = BigInt(kobo);
  const sign = k < 0n ? "-" : "";
  const abs = k < 0n ? -k : k;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, "0")}`;
}

/** Why a text is not an amount: its shape, a minus sign, a third decimal, or a limit. */
export type NairaProblem = "format" | "negative" | "decimals" | "zero" | "too_small" | "too_large";
export type NairaParse = { ok: true; kobo: number } | { ok: false; problem: NairaProblem };

export type NairaLimits = {
  /** Smallest amount in kobo (default 1: zero is refused); 0 lets "0" through. */
  minKobo?: number;
  /** Largest amount in kobo (default and ceiling Number.MAX_SAFE_INTEGER). */
  maxKobo?: number;
  /** API text (api.md's decimal string): digits and a point only, no ₦ and no commas. */
  plain?: boolean;
};

// "₦1,234.50", "1234.5", "₦ 300": digits, commas only as thousands separators, two decimals at most.
const SHAPE = /^(?:₦\s*)?(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?$/;
const PLAIN = /^(\d+)(?:\.(\d+))?$/;

/**
 * Naira as text → exact kobo, or the reason it is not an amount. Integer arithmetic on the
 * digits (BigInt), so "0.1" is 10 kobo and a value too large for a safe integer is refused
 * as too large rather than rounded.
 */
export function parseNaira(text: string, limits: NairaLimits = {}): NairaParse {
  const t = text.trim();
  const m = (limits.plain ? PLAIN : SHAPE).exec(t);
  if (!m) {
    if (/^(?:₦\s*)?[-−]|^[-−]\s*₦/.test(t)) return { ok: false, problem: "negative" };
    if (/^(?:₦\s*)?[\d,]+\.\d{3,}$/.test(t)) return { ok: false, problem: "decimals" };
    return { ok: false, problem: "format" };
  }
  const fraction = m[2] ?? "";
  if (fraction.length > 2) return { ok: false, problem: "decimals" };
  const kobo = BigInt(m[1]!.replace(/,/g, "")) * 100n + BigInt(fraction.padEnd(2, "0"));
  const min = BigInt(limits.minKobo ?? 1);
  const max = BigInt(Math.min(limits.maxKobo ?? Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER));
  if (kobo > max) return { ok: false, problem: "too_large" };
  if (kobo < min) return { ok: false, problem: kobo === 0n ? "zero" : "too_small" };
  return { ok: true, kobo: Number(kobo) };
}

/** Naira text → kobo exactly; throws on anything that is not a plain positive amount. */
export function nairaToKobo(naira: string): number {
  const r = parseNaira(naira, { minKobo: 0 });
  if (!r.ok) throw new Error(`Not a naira amount: ${naira}`);
  return r.kobo;
}

/**
 * A JSON number of naira (supplement §7: SDKs send `amount: 12.5`) → its decimal text, the
 * shortest that reads back as the same number ("12.5", "19.99", "12.345"), so the string
 * rules apply to what the sender wrote; exponent forms ("1e+21") are not amounts.
 */
export function nairaNumberText(naira: number): string {
  return Number.isFinite(naira) ? String(naira) : "";
}

/** What a schema says for each problem; any left out say `invalid`. */
export type NairaMessages = { invalid: string } & Partial<Record<NairaProblem, string>>;

const issue = (ctx: z.RefinementCtx, messages: NairaMessages, problem: NairaProblem) => {
  ctx.addIssue({ code: "custom", message: messages[problem] ?? messages.invalid });
  return z.NEVER;
};

function toKobo(text: string, limits: NairaLimits, messages: NairaMessages, ctx: z.RefinementCtx): number {
  const r = parseNaira(text, limits);
  return r.ok ? r.kobo : issue(ctx, messages, r.problem);
}

/**
 * Naira as a person types it ("₦12,500.50") → integer kobo. The forms, the dashboard actions
 * and the hosted pages share it; each says its own limits and words.
 */
export function nairaTextSchema(opts: NairaLimits & { messages: NairaMessages; maxLength?: number }) {
  const text = opts.maxLength ? z.string().trim().max(opts.maxLength) : z.string().trim();
  return text.transform((v, ctx) => toKobo(v, opts, opts.messages, ctx));
}

/** The same, where an empty field means "none" (a limit that can be switched off). */
export function optionalNairaTextSchema(opts: NairaLimits & { messages: NairaMessages; maxLength?: number }) {
  const text = opts.maxLength ? z.string().trim().max(opts.maxLength) : z.string().trim();
  return text.transform((v, ctx) => (v === "" ? null : toKobo(v, opts, opts.messages, ctx)));
}

/**
 * An API `amount` in naira, as a decimal string ("1500.00": no ₦, no commas) or a JSON number
 * (converted through its decimal text, so 12.5 is 1250 kobo and 12.345 is refused, never
 * rounded) → integer kobo.
 */
export function nairaAmountSchema(options: NairaLimits & { messages: NairaMessages & { type?: string; required?: string } }) {
  const opts = { ...options, plain: true };
  const { messages } = opts;
  return z
    .union([z.string(), z.number()], { error: (i) => (i.input === undefined ? (messages.required ?? messages.invalid) : (messages.type ?? messages.invalid)) })
    .transform((v, ctx) => toKobo(typeof v === "number" ? nairaNumberText(v) : v, opts, messages, ctx));
}

/**
 * An API `amount` that api.md types as a number of naira only. The limits stay on the number
 * (so the OpenAPI document shows them); the kobo comes from its decimal text.
 */
export function nairaNumberSchema(opts: { maxNaira: number; messages: NairaMessages & { type: string } }) {
  const { messages } = opts;
  return z
    .number({ error: messages.type })
    .positive(messages.zero ?? messages.invalid)
    .max(opts.maxNaira, messages.too_large ?? messages.invalid)
    .transform((v, ctx) => toKobo(nairaNumberText(v), { maxKobo: opts.maxNaira * 100 }, messages, ctx));
}

/** What a payer types as an amount on a hosted page ("2,500" or "2500.50"), in kobo. */
export const payerNairaAmount = nairaTextSchema({
  maxKobo: 999_999_999_999,
  messages: { invalid: "Enter an amount in naira, like 2500 or 2500.50", zero: "Enter an amount greater than zero" },
});

/** The words for a parse that failed (a form's own messages, like the schemas'), or null. */
export function nairaProblemMessage(parse: NairaParse, messages: NairaMessages): string | null {
  return parse.ok ? null : (messages[parse.problem] ?? messages.invalid);
}

export type KoboMessages = { required: string; type: string; min: string; max: string };

/**
 * An API amount in kobo: an integer within [min, max]. The words default to api.md's
 * ("amount must be an integer number of kobo", "… at least 100 kobo"); a field with its own
 * published words passes them.
 */
export function koboSchema(field: string, opts: { min: number; max?: number; messages?: Partial<KoboMessages> }) {
  const max = opts.max ?? Number.MAX_SAFE_INTEGER;
  const m: KoboMessages = {
    required: `${field} is required`,
    type: `${field} must be an integer number of kobo`,
    min: `${field} must be at least ${opts.min} kobo`,
    max: `${field} must be at most ${max} kobo`,
    ...opts.messages,
  };
  return z
    .number({ error: (i) => (i.input === undefined ? m.required : m.type) })
    .int(m.type)
    .min(opts.min, m.min)
    .max(max, m.max);
}

/**
 * The rules of one naira form field (a dashboard form's amount): its limits in kobo and what
 * the maximum is called, so a refusal names the limit ("The most you can fund at once is
 * ₦1,000,000,000.00"), never a generic "enter an amount".
 */
export type NairaFieldRules = {
  /** Largest amount in kobo: the operation's own maximum. */
  maxKobo: number;
  /** Smallest amount in kobo (default 1: zero is refused). */
  minKobo?: number;
  /** The limit's name in a sentence, "the most you can fund at once"; default "the maximum amount". */
  maxLabel?: string;
  /** The minimum's name, "the smallest transfer"; default "the minimum amount". */
  minLabel?: string;
};

const sentence = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The words for every way a naira field can be wrong, naming its limits. */
export function nairaFieldMessages(rules: NairaFieldRules): NairaMessages {
  const min = rules.minKobo ?? 1;
  return {
    invalid: "Enter an amount in naira, e.g. 12500 or 12500.50",
    negative: "The amount cannot be negative",
    decimals: "Use at most two decimal places (kobo)",
    zero: "Enter an amount greater than ₦0.00",
    too_small: `${sentence(rules.minLabel ?? "the minimum amount")} is ${formatNaira(min)}`,
    too_large: `${sentence(rules.maxLabel ?? "the maximum amount")} is ${formatNaira(rules.maxKobo)}`,
  };
}

export type NairaFieldCheck = { kobo: number | null; problem: string | null };

/**
 * A naira form field as typed → its kobo, or the problem in a merchant's words. Empty text is
 * neither (the form says whether the field is required). The one check behind NairaField and
 * the dashboard actions' schemas (`nairaFieldSchema`).
 */
export function checkNairaField(text: string, rules: NairaFieldRules): NairaFieldCheck {
  if (text.trim() === "") return { kobo: null, problem: null };
  const r = parseNaira(text, { minKobo: rules.minKobo ?? 1, maxKobo: rules.maxKobo });
  return r.ok ? { kobo: r.kobo, problem: null } : { kobo: null, problem: nairaProblemMessage(r, nairaFieldMessages(rules)) };
}

/** The same rules as a zod schema for a dashboard action: naira text → kobo, same words. */
export function nairaFieldSchema(rules: NairaFieldRules) {
  return nairaTextSchema({ minKobo: rules.minKobo ?? 1, maxKobo: rules.maxKobo, messages: nairaFieldMessages(rules) });
}
