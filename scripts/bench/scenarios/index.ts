// Every scenario `npm run bench` runs against the server, in the order it runs them (the
// settlement run, which needs no server, follows: scripts/bench/settlement.ts).
import { lists } from "./lists";
import { liveStatus } from "./live-status";
import type { Scenario } from "./scenario";
import { sessions } from "./sessions";
import { transfers } from "./transfers";
import { webhooks } from "./webhooks";

export const SCENARIOS: Scenario[] = [transfers, sessions, lists, webhooks, liveStatus];
