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
    // The suite runs against PostgreSQL (DATABASE_URL), i.e. as a real deployment: it sets the
    // secrets production requires, and allows loopback webhook receivers (its own test servers).
    env: {
      NEXT_TELEMETRY_DISABLED: "1",
      OWO_QUIET: "1",
      LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
      OWO_ENCRYPTION_KEY: "b3dvLXRlc3QtZW5jcnlwdGlvbi1rZXktMzItYnl0ZXM=",
      OWO_IDENTITY_SECRET: "test-identity-secret-not-for-production",
      AUTH_SECRET: "test-auth-secret-not-for-production-0123456789",
      OWO_WEBHOOK_ALLOW_LOOPBACK: "1",
      OWO_SIGNUP: "open",
      // Live mode on the built-in sandbox rail, as a staging deployment would name it (supplement
      // §11); the rails' own tests configure their simulators explicitly (configureRails).
      OWO_RAILS: "sandbox",
    },
  },
});
