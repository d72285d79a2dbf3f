import type { seedDemo } from "./seed-demo";

type Demo = Awaited<ReturnType<typeof seedDemo>>;

const shown = (password: string | null) => password ?? "(set before this version; not kept in .data/)";

/**
 * What `npm start` prints once the server answers. With demo data: the demo sign-ins (their
 * random passwords from .data/) and test keys. Without (DATABASE_URL): no credentials at all,
 * only how to make the first admin.
 */
export function startBanner(input: { appUrl: string; database: string; demo: Demo | null; dataDir?: string }): string {
  const { appUrl, database, demo } = input;
  const head = ["", `  Owo is running at ${appUrl}`, `  Database:  ${database}`, ""];
  if (!demo) {
    return [
      ...head,
      "  No demo data on this database (set OWO_SEED_DEMO=1 to seed it anyway).",
      "  Make the first admin with:",
      "    npx owo admin create --email E --password P",
      `  then sign in at ${appUrl}/sign-in and open /admin.`,
      "",
    ].join("\n");
  }
  return [
    ...head,
    `  Dashboard sign-in:  ${demo.business.email} / ${shown(demo.business.password)}`,
    `  Personal account:   ${demo.personal.email} / ${shown(demo.personal.password)}`,
    `  Admin (/admin):     ${demo.admin.email} / ${shown(demo.admin.password)}`,
    `  (random passwords, generated once and kept in ${input.dataDir ?? ".data"}/demo-passwords.json)`,
    ...(demo.history?.seeded
      ? [`  Demo Store now has 30 days of test-mode history (${demo.history.payments} payments on every channel, transfers, invoices, a refund).`]
      : []),
    "",
    "  Demo test keys:",
    `    secret  ${demo.test_keys.secret_key}`,
    `    public  ${demo.test_keys.public_key}`,
    "",
    `  Try:  curl -H "x-api-key: ${demo.test_keys.secret_key}" ${appUrl}/v1/checkout/transfer/banks`,
    "",
  ].join("\n");
}
