/** The Monnify rail (supplement §11) and its simulator. */
export { createMonnifyRail, MONNIFY_CAPABILITIES, type MonnifyRail } from "./monnify-rail";
export { startMonnifySimulator, MONNIFY_SIM_DEFAULTS, type MonnifySimulatorOptions } from "./simulator";
export { MonnifyClient, type MonnifyClientOptions } from "./client";
export { providerReference as monnifyProviderReference } from "./reference";
