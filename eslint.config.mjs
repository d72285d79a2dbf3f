import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

// Boundaries (ARCHITECTURE.md, issue 16): app/ front doors → lib/ domain services → db/.
// tests/lint-boundaries.test.ts proves each rule reports a breach.

/** eslint-plugin-react-hooks' recommended rules (the plugin as Next's config loads it) that run the React Compiler on the file. */
const reactHooks = nextVitals.find((c) => c.plugins?.["react-hooks"]).plugins["react-hooks"];
const REACT_COMPILER_RULES = Object.keys(reactHooks.configs.recommended.rules).filter(
  (rule) => rule !== "react-hooks/rules-of-hooks" && rule !== "react-hooks/exhaustive-deps",
);

/** lib/ never reaches up into the front doors or the React components. */
const LIB_NEVER_IMPORTS_UI = {
  regex: "^(@/|(\\.\\./)+)(app|components)(/|$)",
  message: "lib/ never imports app/ or components/: move the shared code into lib/.",
};

/**
 * lib/http is the /v1 plumbing: it imports no domain. Allowed besides itself and db/: errors,
 * log, ids, validation, text-patterns, client-ip, operation (what an operation declares); key authentication and the request log that
 * route() runs for every call; whether the app is served over https (security/app-https).
 */
const HTTP_ALLOWED_LIB = [
  "errors",
  "log",
  "ids",
  "validation",
  "text-patterns",
  "client-ip",
  "operation",
  "http",
  "keys/find-key",
  "keys/allowed-domains",
  "observability/request-log",
  "security/app-https",
  "public-links",
];
const HTTP_IMPORTS_NO_DOMAIN = [
  {
    regex: `^@/lib/(?!(${HTTP_ALLOWED_LIB.join("|")})(/|$))`,
    message: "lib/http imports no domain: have the route file or the domain pass the rule in.",
  },
  { regex: "^\\.\\./", message: "lib/http imports outside itself by @/ path only (so the allow-list above sees it)." },
];

/**
 * The domains never import lib/http (the /v1 pipeline): what a route prefetches and what a
 * handler sends alongside the rate-limit count are typed in db/statements/prefetch.ts, public
 * links are lib/public-links.ts. The front doors' own helpers may: lib/http itself and the
 * server actions of lib/actions (an action's client IP and base URL); auth and the admin guard
 * do not need it.
 */
const FRONT_DOOR_FOLDERS = ["http", "actions"];
const DOMAIN_NEVER_IMPORTS_HTTP = {
  regex: "^(@/lib/|(\\.\\./)+)http(/|$)",
  message:
    "A lib/ domain never imports lib/http: take prefetch types from db/statements/prefetch and links from lib/public-links, or have the route pass the value in.",
};

/**
 * The layers of lib/ (ARCHITECTURE.md), low to high. A folder imports its own layer and the
 * layers below (and the shared files at the root of lib/), never a layer above: that keeps the
 * folder graph free of cycles. scripts/folder-cycles.ts (tests/folder-cycles.test.ts) is the
 * full check over every import; these rules name the breach in the editor.
 */
const LIB_LAYERS = [
  ["bank", "crypto-assets", "fees", "ledger", "lists", "mail", "rails", "security"],
  ["audit"],
  ["payids"],
  ["keys"],
  ["events"],
  ["observability"],
  ["http"],
  ["users"],
  ["team"],
  ["auth"],
  ["merchants"],
  // The money domains: each owns a destination of the receive step or uses payments (the core).
  ["notifications", "settlement", "virtual-accounts", "wallets"],
  ["sessions", "static-accounts"],
  ["invoices", "payment-links", "refunds"],
  ["payments"],
  ["transfers"],
  ["admin", "bulk-transfers", "customers", "hosted", "openapi", "overview", "payouts", "rail-inbound", "reconciliation"],
  ["scheduler", "seed"],
  // The front doors' own code: the server actions (called by app/ and components/) and the CLI.
  ["actions", "cli"],
];

const HTTP_LAYER = LIB_LAYERS.findIndex((layer) => layer.includes("http"));

/**
 * One block per lib/ folder: no import of a folder in a higher layer (by alias or relative path),
 * and above lib/http's layer (below it, the layer rule already refuses it) no import of lib/http.
 */
const LIB_LAYER_BLOCKS = LIB_LAYERS.flatMap((layer, i) => {
  const above = LIB_LAYERS.slice(i + 1).flat();
  return layer.map((folder) => ({
    files: [`lib/${folder}/**/*.{ts,tsx}`],
    ignores: ["**/*.test.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            LIB_NEVER_IMPORTS_UI,
            ...(i > HTTP_LAYER && !FRONT_DOOR_FOLDERS.includes(folder) ? [DOMAIN_NEVER_IMPORTS_HTTP] : []),
            ...(above.length === 0
              ? []
              : [
                  {
                    regex: `^(@/lib/|(\\.\\./)+)(${above.join("|")})(/|$)`,
                    message: `lib/${folder} (layer ${i + 1}) imports no folder of a higher layer (ARCHITECTURE.md, the layers of lib/): move the shared piece down or pass the value in.`,
                  },
                ]),
          ],
        },
      ],
    },
  }));
});

/**
 * components/ never imports app/: the server actions components call live in lib/actions, so a
 * moved page breaks no component and app/ → components/ stays one way.
 */
const COMPONENTS_NEVER_IMPORT_APP = {
  regex: "^(@/|(\\.\\./)+)app(/|$)",
  message: "components/ never imports app/: call the server action from lib/actions (or pass the value in as a prop).",
};

/** The shared files at the root of lib/ (errors, money, ids…) import only each other. */
const LIB_ROOT_IMPORTS_NO_FOLDER = {
  regex: "^(@/lib/|\\./)[^/]+/",
  message: "The shared files at the root of lib/ import only each other: no lib/ folder.",
};

/** Links prefetch on intent, not on sight (components/ui/link.tsx says why). */
const LINK_PREFETCHES_ON_INTENT = {
  regex: "^next/link$",
  message: "Use @/components/ui/link: it prefetches on intent; next/link prefetches every link in view, a server render each.",
};

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
    files: ["lib/*.{ts,tsx}"],
    ignores: ["**/*.test.{ts,tsx}"],
    rules: { "no-restricted-imports": ["error", { patterns: [LIB_NEVER_IMPORTS_UI, LIB_ROOT_IMPORTS_NO_FOLDER] }] },
  },
  ...LIB_LAYER_BLOCKS,
  // lib/http's allow-list is stricter than its layer (it comes after, so it replaces it).
  {
    files: ["lib/http/**/*.{ts,tsx}"],
    ignores: ["**/*.test.{ts,tsx}"],
    rules: { "no-restricted-imports": ["error", { patterns: [LIB_NEVER_IMPORTS_UI, ...HTTP_IMPORTS_NO_DOMAIN] }] },
  },
  {
    files: ["components/**/*.{ts,tsx}"],
    ignores: ["**/*.test.{ts,tsx}"],
    rules: { "no-restricted-imports": ["error", { patterns: [COMPONENTS_NEVER_IMPORT_APP, LINK_PREFETCHES_ON_INTENT] }] },
  },
  {
    files: ["components/ui/link.tsx"],
    rules: { "no-restricted-imports": ["error", { patterns: [COMPONENTS_NEVER_IMPORT_APP] }] },
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
            LINK_PREFETCHES_ON_INTENT,
            { regex: "^drizzle-orm(/|$)", message: "app/ never imports drizzle-orm: put the query in a lib/ domain function." },
            { regex: "^@/db/(?!(client|schema)$)", message: "app/ never imports db/: put the query in a lib/ domain function." },
            { regex: "^(\\.\\./)+db(/|$)", message: "app/ never imports db/: put the query in a lib/ domain function." },
          ],
        },
      ],
    },
  },
  // A form that JavaScript submits is components/ui/form.tsx's Form: POST, and its submit held
  // until the page is hydrated (a raw <form onSubmit> sends its fields in a GET before then).
  {
    name: "owo/script-forms-are-form",
    files: ["app/**/*.tsx", "components/**/*.tsx"],
    ignores: ["components/ui/form.tsx"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "JSXOpeningElement[name.name='form']:has(JSXAttribute[name.name='onSubmit'])",
          message: "A form with onSubmit is <Form> from @/components/ui/form (POST; its submit waits for hydration).",
        },
        {
          selector:
            "JSXOpeningElement[name.name='form']:has(JSXAttribute[name.name='action'] > JSXExpressionContainer > :matches(ArrowFunctionExpression, FunctionExpression))",
          message: "A form whose action is a client function is <Form> from @/components/ui/form (its submit waits for hydration).",
        },
      ],
    },
  },
  // The React Compiler's rules (react-hooks 7: static-components, purity, refs…) compile every
  // file they see: most of ESLint's time. A plain .ts file outside components/ holds no
  // component or hook (hooks are components/**/use-*.ts), so they are off there; rules-of-hooks
  // and exhaustive-deps, which do not compile, stay on everywhere.
  {
    name: "owo/react-compiler-where-components-are",
    files: ["**/*.ts"],
    ignores: ["components/**"],
    rules: Object.fromEntries(REACT_COMPILER_RULES.map((rule) => [rule, "off"])),
  },
];

export default config;
