import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

// Boundaries (ARCHITECTURE.md, issue 16): app/ front doors → lib/ domain services → db/.
// tests/lint-boundaries.test.ts proves each rule reports a breach.

/** lib/ never reaches up into the front doors or the React components. */
const LIB_NEVER_IMPORTS_UI = {
  regex: "^(@/|(\\.\\./)+)(app|components)(/|$)",
  message: "lib/ never imports app/ or components/: move the shared code into lib/.",
};

/**
 * lib/http is the /v1 plumbing: it imports no domain. Allowed besides itself and db/: errors,
 * log, ids, validation, text-patterns, client-ip; key authentication and the request log that
 * route() runs for every call; whether the app is served over https (security/app-https).
 */
const HTTP_ALLOWED_LIB = [
  "errors",
  "log",
  "ids",
  "validation",
  "text-patterns",
  "client-ip",
  "http",
  "keys/find-key",
  "keys/allowed-domains",
  "observability/request-log",
  "security/app-https",
];
const HTTP_IMPORTS_NO_DOMAIN = [
  {
    regex: `^@/lib/(?!(${HTTP_ALLOWED_LIB.join("|")})(/|$))`,
    message: "lib/http imports no domain: have the route file or the domain pass the rule in.",
  },
  { regex: "^\\.\\./", message: "lib/http imports outside itself by @/ path only (so the allow-list above sees it)." },
];

const config = [
  ...nextVitals,
  ...nextTs,
  {
    ignores: [".next/**", "node_modules/**", ".data/**", "db/migrations/**", "next-env.d.ts", "test-results/**", "playwright-report/**"],
  },
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  // Tests may drive route files and pages from anywhere; the rules below bind the code they test.
  {
    files: ["lib/**/*.{ts,tsx}"],
    ignores: ["**/*.test.{ts,tsx}"],
    rules: { "no-restricted-imports": ["error", { patterns: [LIB_NEVER_IMPORTS_UI] }] },
  },
  {
    files: ["lib/http/**/*.{ts,tsx}"],
    ignores: ["**/*.test.{ts,tsx}"],
    rules: { "no-restricted-imports": ["error", { patterns: [LIB_NEVER_IMPORTS_UI, ...HTTP_IMPORTS_NO_DOMAIN] }] },
  },
  // app/ calls lib/ domain functions, which own every query. It may take a connection
  // (getDb, to hand to them) and the schema's types, nothing else from db/ or drizzle.
  {
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["**/*.test.{ts,tsx}"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "@/db/client",
              allowImportNames: ["getDb", "Db"],
              message: "app/ takes only getDb from db/: put the query in a lib/ domain function.",
            },
            {
              name: "@/db/schema",
              allowTypeImports: true,
              message: "app/ imports only types from db/schema: import values from the lib/ domain that owns them.",
            },
          ],
          patterns: [
            { regex: "^drizzle-orm(/|$)", message: "app/ never imports drizzle-orm: put the query in a lib/ domain function." },
            { regex: "^@/db/(?!(client|schema)$)", message: "app/ never imports db/: put the query in a lib/ domain function." },
            { regex: "^(\\.\\./)+db(/|$)", message: "app/ never imports db/: put the query in a lib/ domain function." },
          ],
        },
      ],
    },
  },
];

export default config;
