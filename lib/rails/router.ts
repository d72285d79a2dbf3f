/**
 * Which rail does what (supplement §11). Test mode: always the sandbox. Live mode: the rails
 * of `OWO_RAILS` in order of preference; an operation goes to the first rail that offers it,
 * and with none it answers 503 RAIL_UNAVAILABLE before anything is created or debited.
 *
 * The rails are built once per process from the environment (`readRailsConfig`); tests and
 * the simulator CLI may configure them explicitly with `configureRails`.
 */
import type { Mode } from "@/db/schema";
import { appError } from "@/lib/errors";
import { PROVIDER_FACTORIES } from "./providers";
import { PROVIDER_RAILS, type Rail, type RailBank, type RailCapabilities, type RailName } from "./rail";
import { readRailsConfig, type RailsConfig } from "./rail-config";
import { SandboxRail } from "./sandbox/sandbox-rail";

type RailsRuntime = { config: RailsConfig; live: Rail[]; byName: Map<RailName, Rail> };

const g = globalThis as unknown as { __owoRails?: RailsRuntime; __owoSandboxRail?: SandboxRail };

export const sandboxRail = (): SandboxRail => (g.__owoSandboxRail ??= new SandboxRail());

function build(config: RailsConfig): RailsRuntime {
  const byName = new Map<RailName, Rail>();
  // Every rail with credentials is built (its webhooks are accepted and its payouts followed
  // even after it leaves OWO_RAILS); live mode's order is OWO_RAILS.
  for (const name of PROVIDER_RAILS) {
    const rail = PROVIDER_FACTORIES[name](config);
    if (rail) byName.set(name, rail);
  }
  if (config.live.includes("sandbox")) byName.set("sandbox", sandboxRail());
  const live = config.live.map((n) => byName.get(n)).filter((r): r is Rail => r !== undefined);
  return { config, live, byName };
}

function runtime(): RailsRuntime {
  return (g.__owoRails ??= build(readRailsConfig()));
}

/** Replaces the process's rails (tests, the simulator CLI); `undefined` rereads the environment. */
export function configureRails(config?: RailsConfig): void {
  g.__owoRails = config ? build(config) : undefined;
}

/** Live mode's rails, in order of preference (empty: none configured). */
export function liveRails(): Rail[] {
  return runtime().live;
}

/** Every rail this process can talk to (configured credentials, or named in OWO_RAILS). */
export function knownRails(): Rail[] {
  return [...runtime().byName.values()];
}

/** A rail by name when this process has it (its webhooks, a payout's status). */
export function railByName(name: string | null | undefined): Rail | null {
  if (!name) return null;
  if (name === "sandbox") return sandboxRail();
  return runtime().byName.get(name as RailName) ?? null;
}

/** What live money is: real rails, the simulated sandbox, or not connected. */
export function liveMoneyKind(): "real" | "simulated" | "none" {
  const live = liveRails();
  if (live.length === 0) return "none";
  return live.every((r) => r.name === "sandbox") ? "simulated" : "real";
}

export const railUnavailable = () => appError("RAIL_UNAVAILABLE");

/** The rails that may carry `capability` in `mode`, best first; throws RAIL_UNAVAILABLE when none. */
export function railsFor(mode: Mode, capability: keyof RailCapabilities): Rail[] {
  if (mode === "test") return [sandboxRail()];
  const rails = liveRails().filter((r) => r.capabilities[capability]);
  if (rails.length === 0) throw railUnavailable();
  return rails;
}

/** The rail for one operation in `mode` (the first that offers it). */
export function railFor(mode: Mode, capability: keyof RailCapabilities): Rail {
  return railsFor(mode, capability)[0]!;
}

/** Throws RAIL_UNAVAILABLE when live mode has no rail for `capability` (call before creating anything). */
export function assertRail(mode: Mode, capability: keyof RailCapabilities): void {
  railsFor(mode, capability);
}

/**
 * The banks a one-off or static account can be issued at in `mode` (a session's `banks`):
 * each rail's banks, in rail order. Live with no rail: none.
 */
export function issueBanks(mode: Mode, capability: "virtualAccounts" | "staticAccounts" = "virtualAccounts"): RailBank[] {
  if (mode === "test") return sandboxRail().issueBanks();
  return liveRails()
    .filter((r) => r.capabilities[capability])
    .flatMap((r) => r.issueBanks());
}

/** The rail that issues at a bank key (`paystack:wema-bank`; the sandbox's plain keys), or null. */
export function railForBank(mode: Mode, provider: string): { rail: Rail; bank: RailBank } | null {
  const rails = mode === "test" ? [sandboxRail()] : liveRails();
  for (const rail of rails) {
    const bank = rail.issueBanks().find((b) => b.provider === provider);
    if (bank) return { rail, bank };
  }
  return null;
}
