// What a scenario is: named load targets, each compared with a floor. A new scenario
// (initialize, verify, lists at 1M rows, webhooks, settlement) is one more file in this
// folder, listed in index.ts; it may seed what it needs in `prepare`.
import type { Fixtures } from "../fixtures";
import type { FloorName } from "../floors";
import type { LoadRequest } from "../load";

export type ScenarioContext = {
  baseUrl: string;
  databaseUrl: string;
  fixtures: Fixtures;
  /** Unique per run: prefix references with it so runs never collide. */
  runTag: string;
};

export type Target = {
  /** The row's name in the report, e.g. "transfer (payid)". */
  label: string;
  /** The floor this target's figures are divided by; null for none. */
  floor: FloorName | null;
  /** A stricter floor also reported beside it (ratio column "ours / strict floor"). */
  strictFloor?: FloorName;
  request: LoadRequest;
};

export type Scenario = {
  name: string;
  /** One line for the report: what is measured. */
  description: string;
  /** Optional one-off setup (seeding rows, extra keys) before any load. */
  prepare?: (ctx: ScenarioContext) => Promise<void>;
  targets: (ctx: ScenarioContext) => Target[];
};
