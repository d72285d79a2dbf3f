/** The Paystack rail (supplement §11) and its simulator. */
export { createPaystackRail, PAYSTACK_CAPABILITIES, type PaystackRail } from "./paystack-rail";
export { startPaystackSimulator, PAYSTACK_SIM_DEFAULTS, type PaystackSimulatorOptions } from "./simulator";
export { PaystackClient, type PaystackClientOptions } from "./client";
export { providerReference as paystackProviderReference } from "./reference";
