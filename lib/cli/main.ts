import { closeDb } from "@/db/client";
import { migrateDb } from "@/db/migrate";
import { isAppError } from "@/lib/errors";
import { prepareRequiredEnv, RequiredEnvError } from "@/lib/security/required-env";
import { UsageError } from "./args";
import { CommandFailed, COMMANDS, findCommand } from "./commands";
import { RAILS_SIMULATE_USAGE, railsSimulate } from "./rails-simulate";

function usage(): string {
  return ["Usage:", ...Object.values(COMMANDS).map((c) => `  ${c.usage} [--json]`), `  ${RAILS_SIMULATE_USAGE}`].join("\n");
}

function printHuman(result: Record<string, unknown>): void {
  for (const [k, v] of Object.entries(result)) console.log(`${k}: ${typeof v === "object" ? JSON.stringify(v) : String(v)}`);
}

/** `owo <command> [flags]`: the same commands the dashboard calls, on the app's database. */
export async function main(argv: string[]): Promise<number> {
  const json = argv.includes("--json");
  if (argv.length === 0 || argv[0] === "help" || argv.includes("--help")) {
    console.log(usage());
    return 0;
  }
  // A provider simulator needs no database: it serves until interrupted.
  if (argv[0] === "rails" && argv[1] === "simulate") {
    try {
      return await railsSimulate(argv.slice(2));
    } catch (err) {
      console.error(`owo: ${(err as Error).message}\n  ${RAILS_SIMULATE_USAGE}`);
      return 2;
    }
  }
  try {
    const { command, rest } = findCommand(argv);
    process.env.OWO_QUIET = "1";
    prepareRequiredEnv();
    await migrateDb();
    const result = await command.run(rest);
    if (json) process.stdout.write(`${JSON.stringify(result)}\n`);
    else printHuman(result);
    return 0;
  } catch (err) {
    if (err instanceof CommandFailed) {
      if (json) process.stdout.write(`${JSON.stringify(err.result)}\n`);
      else printHuman(err.result);
      return 1;
    }
    const error = isAppError(err)
      ? { code: err.code, message: err.message, ...(err.details ? { details: err.details } : {}) }
      : err instanceof RequiredEnvError
        ? { code: "CONFIGURATION_ERROR", message: err.message }
        : err instanceof UsageError || (err as { code?: string }).code?.startsWith("ERR_PARSE_ARGS")
          ? { code: "USAGE", message: (err as Error).message }
          : { code: "INTERNAL_ERROR", message: (err as Error).message };
    if (json) process.stdout.write(`${JSON.stringify({ error })}\n`);
    else
      console.error(
        `owo: ${error.message}${"details" in error ? `\n  ${(error.details as string[]).join("\n  ")}` : ""}${error.code === "USAGE" ? `\n\n${usage()}` : ""}`,
      );
    return error.code === "USAGE" ? 2 : 1;
  } finally {
    await closeDb().catch(() => {});
  }
}

if (process.argv[1] && /lib[\\/]cli[\\/]main\.ts$/.test(process.argv[1])) {
  main(process.argv.slice(2)).then((code) => process.exit(code));
}
