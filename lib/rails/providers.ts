/** Each provider rail, built from its configuration when its credentials are set (router.ts builds them). */
import { createFlutterwaveRail } from "./flutterwave";
import { createMonnifyRail } from "./monnify";
import { createPaystackRail } from "./paystack";
import type { ProviderRailName, Rail } from "./rail";
import type { RailsConfig } from "./rail-config";

export const PROVIDER_FACTORIES: Record<ProviderRailName, (config: RailsConfig) => Rail | null> = {
  paystack: (c) => (c.paystack ? createPaystackRail(c.paystack) : null),
  monnify: (c) => (c.monnify ? createMonnifyRail(c.monnify) : null),
  flutterwave: (c) => (c.flutterwave ? createFlutterwaveRail(c.flutterwave) : null),
};
