/**
 * The provider rails this build includes, each built from its configuration. The router
 * (router.ts) builds the configured ones; the simulators (simulator/simulators.ts) mirror
 * this list. A rail named in OWO_RAILS that is not here refuses the start (rail-config.ts).
 */
import { createFlutterwaveRail } from "./flutterwave";
import { createMonnifyRail } from "./monnify";
import type { ProviderRailName, Rail } from "./rail";
import type { RailsConfig } from "./rail-config";

export const PROVIDER_FACTORIES: Partial<Record<ProviderRailName, (config: RailsConfig) => Rail | null>> = {
  monnify: (c) => (c.monnify ? createMonnifyRail(c.monnify) : null),
  flutterwave: (c) => (c.flutterwave ? createFlutterwaveRail(c.flutterwave) : null),
};

export const includedProviderRails = () => Object.keys(PROVIDER_FACTORIES) as ProviderRailName[];
