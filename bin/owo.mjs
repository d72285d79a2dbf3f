#!/usr/bin/env node
// The `owo` command (supplement §8). Loads the TypeScript sources through tsx, so the CLI
// runs exactly the domain commands the app runs, against the same database.
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { register } from "tsx/esm/api";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
register({ tsconfig: path.join(root, "tsconfig.json") });
process.env.NEXT_TELEMETRY_DISABLED = "1";
const { main } = await import(pathToFileURL(path.join(root, "lib/cli/main.ts")).href);
process.exit(await main(process.argv.slice(2)));
