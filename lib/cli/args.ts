import { parseArgs } from "node:util";

export type Flags = Record<string, string | boolean | undefined>;

/** `--name Acme --json --no-wallet` → flags; unknown flags are an error, not silently ignored. */
export function parseFlags(argv: string[], spec: Record<string, "string" | "boolean">): Flags {
  const options = Object.fromEntries(Object.entries(spec).map(([k, type]) => [k, { type }]));
  const { values, positionals } = parseArgs({ args: argv, options: { ...options, json: { type: "boolean" } }, strict: true, allowPositionals: true });
  if (positionals.length) throw new UsageError(`unexpected argument: ${positionals[0]}`);
  return values as Flags;
}

export class UsageError extends Error {}

export function requireFlag(flags: Flags, name: string): string {
  const v = flags[name];
  if (typeof v !== "string" || v === "") throw new UsageError(`--${name} is required`);
  return v;
}

export const optionalFlag = (flags: Flags, name: string): string | undefined => (typeof flags[name] === "string" ? (flags[name] as string) : undefined);
