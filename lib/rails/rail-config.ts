/**
 * The rails' configuration (supplement §11), read from the environment at start; secrets
 * never reach the database. `OWO_RAILS` names live mode's rails in order of preference.
 */
import { RAIL_NAMES, type RailName } from "./rail";

export type PaystackConfig = { secretKey: string; baseUrl: string };
export type MonnifyConfig = { apiKey: string; secretKey: string; contractCode: string; sourceAccount: string; baseUrl: string };
export type FlutterwaveConfig = { secretKey: string; secretHash: string; baseUrl: string };

export const DEFAULT_BASE_URLS = {
  paystack: "https://api.paystack.co",
  monnify: "https://api.monnify.com",
  flutterwave: "https://api.flutterwave.com/v3",
} as const;

export type RailsConfig = {
  /** Live mode's rails in order of preference; empty: no rail (live bank operations answer 503). */
  live: RailName[];
  paystack?: PaystackConfig;
  monnify?: MonnifyConfig;
  flutterwave?: FlutterwaveConfig;
};

export class RailConfigError extends Error {}

const REQUIRED: Record<Exclude<RailName, "sandbox">, string[]> = {
  paystack: ["PAYSTACK_SECRET_KEY"],
  monnify: ["MONNIFY_API_KEY", "MONNIFY_SECRET_KEY", "MONNIFY_CONTRACT_CODE", "MONNIFY_SOURCE_ACCOUNT"],
  flutterwave: ["FLUTTERWAVE_SECRET_KEY", "FLUTTERWAVE_SECRET_HASH"],
};

/**
 * The rails named by the environment. Unset `OWO_RAILS`: `sandbox` in the embedded trial (no
 * DATABASE_URL), none with DATABASE_URL. An unknown name or a named rail missing a
 * credential throws RailConfigError naming the variable (start refuses it).
 */
export function readRailsConfig(env: Record<string, string | undefined> = process.env): RailsConfig {
  const raw = env.OWO_RAILS;
  const names =
    raw === undefined
      ? env.DATABASE_URL
        ? []
        : ["sandbox"]
      : raw
          .split(",")
          .map((s) => s.trim().toLowerCase())
          .filter(Boolean);
  const live: RailName[] = [];
  for (const name of names) {
    if (!(RAIL_NAMES as readonly string[]).includes(name))
      throw new RailConfigError(`OWO_RAILS names an unknown rail "${name}" (known: ${RAIL_NAMES.join(", ")})`);
    if (!live.includes(name as RailName)) live.push(name as RailName);
  }
  for (const name of live) {
    if (name === "sandbox") continue;
    const missing = REQUIRED[name].filter((v) => !env[v]?.trim());
    if (missing.length) throw new RailConfigError(`OWO_RAILS names ${name}, but ${missing.join(", ")} ${missing.length > 1 ? "are" : "is"} not set`);
  }
  const url = (v: string | undefined, d: string) => (v?.trim() ? v.trim().replace(/\/+$/, "") : d);
  const config: RailsConfig = { live };
  if (env.PAYSTACK_SECRET_KEY) config.paystack = { secretKey: env.PAYSTACK_SECRET_KEY, baseUrl: url(env.PAYSTACK_BASE_URL, DEFAULT_BASE_URLS.paystack) };
  if (env.MONNIFY_API_KEY && env.MONNIFY_SECRET_KEY && env.MONNIFY_CONTRACT_CODE && env.MONNIFY_SOURCE_ACCOUNT) {
    config.monnify = {
      apiKey: env.MONNIFY_API_KEY,
      secretKey: env.MONNIFY_SECRET_KEY,
      contractCode: env.MONNIFY_CONTRACT_CODE,
      sourceAccount: env.MONNIFY_SOURCE_ACCOUNT,
      baseUrl: url(env.MONNIFY_BASE_URL, DEFAULT_BASE_URLS.monnify),
    };
  }
  if (env.FLUTTERWAVE_SECRET_KEY && env.FLUTTERWAVE_SECRET_HASH) {
    config.flutterwave = {
      secretKey: env.FLUTTERWAVE_SECRET_KEY,
      secretHash: env.FLUTTERWAVE_SECRET_HASH,
      baseUrl: url(env.FLUTTERWAVE_BASE_URL, DEFAULT_BASE_URLS.flutterwave),
    };
  }
  return config;
}
