/**
 * The three providers' simulators by rail name, with the environment that points Owo at one
 * (supplement §11: every `*_BASE_URL` may point at a local simulator; nothing else changes).
 * For `npx owo rails simulate`, the conformance suite and the e2e specs.
 */
import { FLUTTERWAVE_SIM_DEFAULTS, startFlutterwaveSimulator } from "../flutterwave";
import { MONNIFY_SIM_DEFAULTS, startMonnifySimulator } from "../monnify";
import { PAYSTACK_SIM_DEFAULTS, startPaystackSimulator } from "../paystack";
import type { ProviderRailName } from "../rail";
import type { RailsConfig } from "../rail-config";
import type { SimServer } from "./sim-server";

export type SimulatorSpec = {
  start(opts: { port?: number; webhookUrl?: string | null }): Promise<SimServer>;
  /** The variables that point Owo at a simulator listening on `url`. */
  env(url: string): Record<string, string>;
  /** The same as a rails configuration (tests configure a process without its environment). */
  config(url: string): Partial<Pick<RailsConfig, ProviderRailName>>;
};

export const SIMULATORS: Record<ProviderRailName, SimulatorSpec> = {
  paystack: {
    start: (o) => startPaystackSimulator(o),
    env: (url) => ({ PAYSTACK_SECRET_KEY: PAYSTACK_SIM_DEFAULTS.secretKey, PAYSTACK_BASE_URL: url }),
    config: (url) => ({ paystack: { secretKey: PAYSTACK_SIM_DEFAULTS.secretKey, baseUrl: url } }),
  },
  monnify: {
    start: (o) => startMonnifySimulator(o),
    env: (url) => ({
      MONNIFY_API_KEY: MONNIFY_SIM_DEFAULTS.apiKey,
      MONNIFY_SECRET_KEY: MONNIFY_SIM_DEFAULTS.secretKey,
      MONNIFY_CONTRACT_CODE: MONNIFY_SIM_DEFAULTS.contractCode,
      MONNIFY_SOURCE_ACCOUNT: MONNIFY_SIM_DEFAULTS.sourceAccount,
      MONNIFY_BASE_URL: url,
    }),
    config: (url) => ({
      monnify: {
        apiKey: MONNIFY_SIM_DEFAULTS.apiKey,
        secretKey: MONNIFY_SIM_DEFAULTS.secretKey,
        contractCode: MONNIFY_SIM_DEFAULTS.contractCode,
        sourceAccount: MONNIFY_SIM_DEFAULTS.sourceAccount,
        baseUrl: url,
      },
    }),
  },
  flutterwave: {
    start: (o) => startFlutterwaveSimulator(o),
    env: (url) => ({
      FLUTTERWAVE_SECRET_KEY: FLUTTERWAVE_SIM_DEFAULTS.secretKey,
      FLUTTERWAVE_SECRET_HASH: FLUTTERWAVE_SIM_DEFAULTS.secretHash,
      FLUTTERWAVE_BASE_URL: `${url}/v3`,
    }),
    config: (url) => ({
      flutterwave: { secretKey: FLUTTERWAVE_SIM_DEFAULTS.secretKey, secretHash: FLUTTERWAVE_SIM_DEFAULTS.secretHash, baseUrl: `${url}/v3` },
    }),
  },
};
