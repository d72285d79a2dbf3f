/** The Flutterwave rail (supplement §11) and its simulator. */
export { createFlutterwaveRail, FLUTTERWAVE_CAPABILITIES, type FlutterwaveRail } from "./flutterwave-rail";
export { startFlutterwaveSimulator, FLUTTERWAVE_SIM_DEFAULTS, type FlutterwaveSimulatorOptions } from "./simulator";
export { FlutterwaveClient, type FlutterwaveClientOptions } from "./client";
export { providerReference as flutterwaveProviderReference } from "./reference";
