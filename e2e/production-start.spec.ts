import { execFile } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";
import { expect, test } from "@playwright/test";

// Issue 14: a real deployment (DATABASE_URL set) never starts on missing secrets. `next start`
// and scripts/serve.ts (what npm start runs) of the production build (the one the e2e server built) must exit at once with the message
// naming each missing variable, before it opens the database.
const root = path.resolve(import.meta.dirname, "..");
const nextBin = createRequire(import.meta.url).resolve("next/dist/bin/next");

const servers: [string, string[]][] = [
  ["next start", [nextBin, "start", "-p", "0", "-H", "127.0.0.1"]],
  ["npm run serve (scripts/serve.ts)", ["--import", "tsx", path.join(root, "scripts", "serve.ts"), "-p", "0", "-H", "127.0.0.1"]],
];

for (const [name, args] of servers)
  test(`${name} with DATABASE_URL and no OWO_ENCRYPTION_KEY / OWO_IDENTITY_SECRET exits 1 naming both`, async () => {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: "production",
      NEXT_TELEMETRY_DISABLED: "1",
      DATABASE_URL: "postgres://postgres@127.0.0.1:5432/owo_never_created",
      AUTH_SECRET: "required-env-spec-auth-secret",
    };
    delete env.OWO_ENCRYPTION_KEY;
    delete env.OWO_IDENTITY_SECRET;
    const result = await new Promise<{ code: number | null; output: string }>((resolve) => {
      execFile(process.execPath, args, { cwd: root, env, timeout: 60_000 }, (err, stdout, stderr) =>
        resolve({ code: err ? (typeof err.code === "number" ? err.code : -1) : 0, output: stdout + stderr }),
      );
    });
    expect(result.code).toBe(1);
    expect(result.output).toContain("Owo cannot start: DATABASE_URL is set (a real deployment), so OWO_ENCRYPTION_KEY, OWO_IDENTITY_SECRET must be set too.");
  });
