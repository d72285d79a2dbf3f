import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
  test: {
    // next-auth's ESM imports "next/server" without an extension, which Node's resolver refuses;
    // inlined, Vite resolves it (tests that import lib/auth/auth.ts: sign-in limits).
    server: { deps: { inline: ["next-auth"] } },
    include: ["lib/**/*.test.ts", "db/**/*.test.ts", "app/**/*.test.ts", "tests/**/*.test.ts"],
    globalSetup: ["tests/global-setup.ts"],
    setupFiles: ["tests/setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Per-request info lines would drown the suite's output; warnings and errors still show.
    env: { NEXT_TELEMETRY_DISABLED: "1", OWO_QUIET: "1", LOG_LEVEL: process.env.LOG_LEVEL ?? "warn" },
  },
});
