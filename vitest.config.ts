import path from "node:path";
import { defineConfig } from "vitest/config";

/**
 * Files that need a module graph of their own: they replace modules (vi.mock), change
 * process.env, or start a process-wide listener or thread. Every other file shares its worker's modules
 * with the files before it (isolate: false): importing the app once per worker instead of once
 * per file halves the unit stage. A new file that mocks a module or sets an env var goes here
 * (tests/vitest-isolation.test.ts checks the list is complete).
 */
export const ISOLATED = [
  "db/postgres-options.test.ts",
  "lib/admin/admin-session.test.ts",
  "lib/auth/origin-and-cookies.test.ts",
  "lib/auth/role-enforcement.test.ts",
  "lib/auth/two-factor/requirement.test.ts",
  "scripts/bench/server/bench-access.test.ts",
  "lib/client-ip.test.ts",
  "lib/events/deliver-event.test.ts",
  "lib/events/delivery-engine.test.ts",
  "lib/events/delivery-thread.test.ts",
  "lib/events/webhook-targets.test.ts",
  "lib/http/security-headers.test.ts",
  "lib/keys/operator-limits.test.ts",
  "lib/merchants/activation.test.ts",
  "lib/merchants/sign-up.test.ts",
  "lib/notifications/notifications.test.ts",
  "lib/reconciliation/run-alerts.test.ts",
  "lib/scheduler/scheduler.test.ts",
  "lib/security/required-env.test.ts",
  "lib/seed/seed-demo.test.ts",
  "lib/seed/seed-history.test.ts",
  "lib/sessions/initialize.test.ts",
  "lib/settlement/cutoff-schedule.test.ts",
  "lib/static-accounts/identity-number.test.ts",
  "lib/users/password-reset.test.ts",
  "tests/behind-pgbouncer.test.ts",
  "tests/secrets-at-rest.test.ts",
];

const INCLUDE = ["lib/**/*.test.ts", "db/**/*.test.ts", "app/**/*.test.ts", "tests/**/*.test.ts"];

export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
  test: {
    // next-auth's ESM imports "next/server" without an extension, which Node's resolver refuses;
    // inlined, Vite resolves it (tests that import lib/auth/auth.ts: sign-in limits).
    server: { deps: { inline: ["next-auth"] } },
    globalSetup: ["tests/global-setup.ts"],
    setupFiles: ["tests/setup.ts"],
    // Three workers on two cores: the files mostly wait on PostgreSQL and their own servers.
    maxWorkers: 3,
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
    projects: [
      { extends: true, test: { name: "shared", include: INCLUDE, exclude: ISOLATED, isolate: false } },
      { extends: true, test: { name: "isolated", include: ISOLATED, isolate: true } },
    ],
  },
});
