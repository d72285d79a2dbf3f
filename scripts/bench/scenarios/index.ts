// Every scenario `npm run bench` knows, in the order it runs them.
import type { Scenario } from "./scenario";
import { sessions } from "./sessions";
import { transfers } from "./transfers";

export const SCENARIOS: Scenario[] = [transfers, sessions];
