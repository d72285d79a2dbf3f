// What a scenario is: named load targets, each compared with a floor, or (for what autocannon
// cannot drive: webhook delivery, the settlement job) a `measure` of its own that answers
// finished rows. A new scenario is one more file in this folder, listed in index.ts; it may
// seed what it needs in `prepare`.
import type { Fixtures } from "../fixtures";
import type { FloorName } from "../floors";
import type { LoadRequest } from "../load";
import type { Row } from "../table";

export type ScenarioContext = {
  baseUrl: string;
  databaseUrl: string;
  fixtures: Fixtures;
  /** Unique per run: prefix references with it so runs never collide. */
  runTag: string;
  /** Rows to seed where a scenario seeds many (lists: 1,000,000; `--rows`). */
  rows: number;
  /** `--quick`: a smoke run; scenarios that seed or drain may do less. */
  quick: boolean;
  log: (line: string) => void;
};

/** A floor of one target's own (a bare equivalent of exactly its query), run just before it. */
export type OwnFloor = { label: string; request: LoadRequest };

export type Target = {
  /** The row's name in the report, e.g. "transfer (payid)". */
  label: string;
  /** The shared floor this target's figures are divided by, its own floor, or null for none. */
  floor: FloorName | OwnFloor | null;
  /** A stricter floor also reported beside it (ratio column "ours / strict floor"). */
  strictFloor?: FloorName;
  /** The lowest acceptable ours / floor, e.g. 0.6 (shown as the target, judged as met or not). */
  target?: number;
  /** Judge `target` against the strict floor (issue 17's "one-transaction floor": one statement) instead of `floor`. */
  targetAgainstStrict?: boolean;
  /** Judge `target` at this connection level only (the goal says "at 10 connections"); others are shown. */
  targetConnections?: number;
  /** The issue-17 goal its rows measure (scripts/bench/goals.ts ids); else matched by label. */
  goalId?: string;
  /** Profile the server during one more run of it (`--cpu-prof`, the report's "where the server's time goes"). */
  profile?: boolean;
  /** Run at the first connection level only (a query that takes a second queues past autocannon's timeout at 50). */
  firstLevelOnly?: boolean;
  request: LoadRequest;
};

export type MeasureOptions = {
  connections: number[];
  durationSeconds: number;
  observe: { serverPgid: number; databaseUrl: string };
  /**
   * Profiles the app server while `run` runs (one more, unmeasured run; `--no-profile`: not at
   * all); `run` answers the requests it made, for per-request figures.
   */
  profile: (label: string, run: () => Promise<number>) => Promise<void>;
};

export type Scenario = {
  name: string;
  /** One line for the report: what is measured. */
  description: string;
  /** Optional one-off setup (seeding rows, extra keys) before any load. */
  prepare?: (ctx: ScenarioContext) => Promise<void>;
  targets?: (ctx: ScenarioContext) => Target[];
  /** A scenario that measures itself: answers its rows, each with its floor measured meanwhile. */
  measure?: (ctx: ScenarioContext, opts: MeasureOptions) => Promise<Row[]>;
  /** Releases what prepare started (a receiver process). */
  finish?: () => Promise<void>;
};
