// The goals of issue 17, each judged from the rows of one run: met, not met, or not run (no
// row measured it, so a missing scenario shows). A row belongs to a goal by its `goalId`
// (set by the scenario) or, failing that, by its label. The figures are judged here, from
// the row, whatever target the scenario printed beside it.
import type { Row } from "./table";

export type GoalStatus = "met" | "not met" | "not judged" | "not run";

export type Goal = {
  id: string;
  /** What the goal is about, and the goal itself (issue 17's table). */
  scenario: string;
  goal: string;
  matches: (row: Row) => boolean;
  /** true/false, or null when the row lacks what it takes (e.g. no floor). */
  judge: (row: Row) => boolean | null;
  /** Judged at this many connections only (the lowest level of the run when it has no such row). */
  connections?: number;
};

const label = (re: RegExp) => (row: Row) => re.test(row.target);
const byIdOr = (id: string, fallback: (row: Row) => boolean) => (row: Row) => (row.goalId ? row.goalId === id : fallback(row));
const ratio = (row: Row) => (row.floor && row.floor.rps > 0 ? row.ours.rps / row.floor.rps : null);
const strictRatio = (row: Row) => (row.strict && row.strict.rps > 0 ? row.ours.rps / row.strict.rps : null);
const atLeast =
  (min: number, of = ratio) =>
  (row: Row) => {
    const r = of(row);
    return r === null ? null : r >= min;
  };
const latency = (p50: number, p99?: number) => (row: Row) =>
  Number.isNaN(row.ours.p50) ? null : row.ours.errors === 0 && row.ours.p50 <= p50 && (p99 === undefined || row.ours.p99 <= p99);

const LISTS = ["transfers", "payments", "events", "sessions", "invoices"] as const;

export const SETTLEMENT_GOAL_SECONDS = 2;

export const GOALS: Goal[] = [
  ...LISTS.map<Goal>((list) => ({
    id: `list-first-page:${list}`,
    scenario: `${list} list, first page, 1,000,000 rows, exact total`,
    goal: "p50 ≤ 20 ms, p99 ≤ 60 ms at 10 connections",
    // "transfers, first page", "sessions (dashboard), first page" (or the older "transfers list, page 1")
    matches: byIdOr(`list-first-page:${list}`, label(new RegExp(`^${list}( \\(dashboard\\))?( list)?, (first page|page 1)$`, "i"))),
    judge: latency(20, 60),
    connections: 10,
  })),
  {
    id: "list-deep-page",
    scenario: "list page 25,000 of 50,000",
    goal: "p50 ≤ 100 ms",
    // "transfers, page 25,000 of 50,000" (or the older "transfers list, page 25,000"), every list
    matches: byIdOr("list-deep-page", (row) => row.scenario === "lists" && /, page [\d,]+( of [\d,]+)?$/i.test(row.target) && !/, page 1$/.test(row.target)),
    judge: latency(100),
  },
  {
    id: "list-search",
    scenario: "search (reference, name, account number, email), 1,000,000 rows, 5% matching, exact total",
    goal: "p50 ≤ 100 ms",
    matches: byIdOr("list-search", (row) => row.scenario === "lists" && /search/i.test(row.target)),
    judge: latency(100),
  },
  {
    id: "webhook-burst",
    scenario: "webhook burst: 1,000 events over 10 keys, receiver answering at once",
    goal: "≥ 1,000 deliveries/s or ≥ 60% of the bare signed-POST floor; commit-to-receipt p50 ≤ 50 ms, p99 ≤ 500 ms",
    matches: byIdOr("webhook-burst", (row) => row.scenario === "webhooks" && /after commit|burst/i.test(row.target) && !/slow/i.test(row.target)),
    judge: (row) => {
      const r = ratio(row);
      return row.ours.errors === 0 && (row.ours.rps >= 1000 || (r !== null && r >= 0.6)) && row.ours.p50 <= 50 && row.ours.p99 <= 500;
    },
    connections: 10,
  },
  {
    id: "webhook-slow-receiver",
    scenario: "one receiver slow (2 s per answer) during that burst",
    goal: "every other key's p99 ≤ 500 ms; the slow key's events all arrive, in order",
    matches: byIdOr("webhook-slow-receiver", (row) => row.scenario === "webhooks" && /slow/i.test(row.target)),
    // Only the scenario can tell order and the other keys apart: its own verdict.
    judge: (row) => row.goal?.met ?? null,
  },
  {
    id: "initialize",
    scenario: "session initialize at 10 connections",
    goal: "≥ 65% of the one-transaction floor (the strict floor: insert + balance update as one prepared statement)",
    matches: byIdOr("initialize", label(/^session initialize$/)),
    judge: atLeast(0.65, strictRatio),
    connections: 10,
  },
  {
    id: "payid-transfer",
    scenario: "PayID transfer at 10 connections",
    goal: "≥ 65% of the one-transaction floor (the strict floor: insert + balance update as one prepared statement)",
    matches: byIdOr("payid-transfer", label(/^transfer payid$/)),
    judge: atLeast(0.65, strictRatio),
    connections: 10,
  },
  {
    id: "verify",
    scenario: "session verify at 10 connections",
    goal: "≥ 80% of the one-read floor",
    matches: byIdOr("verify", label(/^session verify$/)),
    judge: atLeast(0.8),
    connections: 10,
  },
  {
    id: "settlement",
    scenario: "settlement of 100,000 payments",
    goal: `≤ ${SETTLEMENT_GOAL_SECONDS} s, ledger audit ok`,
    matches: byIdOr("settlement", (row) => row.scenario === "settlement"),
    // The settlement row carries its own verdict (run time, every payment batched, audit);
    // a smaller run (`--payments`, `--quick`) is not this goal.
    judge: (row) => (row.ours.total < 100_000 ? null : (row.goal?.met ?? null)),
  },
  {
    id: "live-status",
    scenario: "hosted pages notice a payment (issue 26): 1,000 open pages",
    goal: "the last page hears it within 2 s (p99), no database connection per page",
    matches: byIdOr("live-status", (row) => row.scenario === "live-status"),
    judge: (row) => row.goal?.met ?? null,
  },
  {
    id: "reconciliation",
    scenario: "reconciliation of 1,000,000 statement lines (issue 27)",
    goal: "≤ 60 s against a ledger of 1,000,000 entries, the file streamed with flat memory",
    matches: byIdOr("reconciliation", (row) => row.scenario === "reconciliation"),
    // The row carries its own verdict (time, every line matched, memory); a smaller run (`--lines`, `--quick`) is not this goal.
    judge: (row) => (row.ours.total < 1_000_000 ? null : (row.goal?.met ?? null)),
  },
];

export type GoalResult = { goal: Goal; status: GoalStatus; rows: Row[] };

/** Every goal with the rows that measured it and its verdict: all of them met, any not met, or none. */
export function judgeGoals(rows: Row[], goals = GOALS): GoalResult[] {
  return goals.map((goal) => {
    let matched = rows.filter(goal.matches);
    if (goal.connections !== undefined && matched.length) {
      const at = matched.filter((r) => r.ours.connections === goal.connections);
      matched = at.length ? at : matched.filter((r) => r.ours.connections === Math.min(...matched.map((m) => m.ours.connections)));
    }
    if (!matched.length) return { goal, status: "not run", rows: [] };
    const verdicts = matched.map(goal.judge);
    const status: GoalStatus = verdicts.includes(false) ? "not met" : verdicts.includes(null) ? "not judged" : "met";
    return { goal, status, rows: matched };
  });
}

const ms = (n: number) => (Number.isNaN(n) ? "–" : n < 10 ? n.toFixed(1) : Math.round(n).toLocaleString("en-US"));

function measured(row: Row): string {
  const r = ratio(row);
  const unit = row.unit ?? "req/s";
  return (
    `${row.target} at ${row.ours.connections}: ${Math.round(row.ours.rps).toLocaleString("en-US")} ${unit}${row.oursNote ?? ""}` +
    (Number.isNaN(row.ours.p50) ? "" : `, p50 ${ms(row.ours.p50)} ms, p99 ${ms(row.ours.p99)} ms`) +
    (r !== null ? `, ${Math.round(r * 100)}% of floor` : "") +
    (strictRatio(row) !== null ? `, ${Math.round(strictRatio(row)! * 100)}% of strict floor` : "") +
    (row.ours.errors ? `, ${row.ours.errors} errors` : "")
  );
}

const STATUS_TEXT: Record<GoalStatus, string> = { met: "met", "not met": "**not met**", "not judged": "not judged", "not run": "**not run**" };

/** The goals table of the report (and the summary printed at the end of a run). */
export function goalsTable(results: GoalResult[]): string {
  return [
    "| goal (issue 17) | target | measured | status |",
    "| :-- | :-- | :-- | :-- |",
    ...results.map(
      ({ goal, status, rows }) => `| ${goal.scenario} | ${goal.goal} | ${rows.length ? rows.map(measured).join("; ") : "–"} | ${STATUS_TEXT[status]} |`,
    ),
  ].join("\n");
}

/** One line per goal for the terminal. */
export function goalsSummary(results: GoalResult[]): string {
  const width = Math.max(...results.map((r) => r.goal.scenario.length));
  const counts = (s: GoalStatus) => results.filter((r) => r.status === s).length;
  return [
    `Goals (issue 17): ${counts("met")} met, ${counts("not met")} not met, ${counts("not judged")} not judged, ${counts("not run")} not run`,
    ...results.map(({ goal, status }) => `  ${status.padEnd(10)}  ${goal.scenario.padEnd(width)}  ${goal.goal}`),
  ].join("\n");
}
