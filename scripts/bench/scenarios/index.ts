// Every scenario `npm run bench` knows, in the order it runs them.
import type { Scenario } from "./scenario";
import { transfers } from "./transfers";

export const SCENARIOS: Scenario[] = [transfers];
