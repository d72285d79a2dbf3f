import path from "node:path";
import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

// The import boundaries in eslint.config.mjs (issue 16 item 4), run through ESLint's Node API
// on snippets placed at virtual paths in the repo: each breach must be reported, and an
// allowed import of the same shape must not be.

let eslint: ESLint;
// ESLint's first lint loads the config and its plugins (10 s and more on a loaded machine): done
// here, under the hook's own allowance, so no test pays it against its timeout.
beforeAll(async () => {
  eslint = new ESLint({ cwd: path.resolve(__dirname, "..") });
  await eslint.lintText("export {};\n", { filePath: path.resolve(__dirname, "..", "lib/warm-up.ts") });
}, 120_000);

async function restrictedImports(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.resolve(__dirname, "..", filePath) });
  return result!.messages.filter((m) => m.ruleId === "no-restricted-imports" || m.ruleId === "@typescript-eslint/no-restricted-imports").map((m) => m.message);
}

describe("lib/ never imports app/ or components/", () => {
  it("reports lib/ importing a route file by the @/app alias", async () => {
    expect(await restrictedImports(`import { POST } from "@/app/v1/checkout/transfer/route";\nexport const p = POST;\n`, "lib/x.ts")).toHaveLength(1);
  });

  it("reports lib/ importing a component, by alias or by relative path", async () => {
    expect(await restrictedImports(`import { Button } from "@/components/ui/button";\nexport const b = Button;\n`, "lib/payments/x.ts")).toHaveLength(1);
    expect(await restrictedImports(`import { Button } from "../../components/ui/button";\nexport const b = Button;\n`, "lib/payments/x.ts")).toHaveLength(1);
  });

  it("lets lib/ import another lib/ domain", async () => {
    expect(await restrictedImports(`import { AppError } from "@/lib/errors";\nexport const e = AppError;\n`, "lib/x.ts")).toEqual([]);
  });
});

describe("lib/http imports no domain", () => {
  it("reports lib/http importing a payments rule", async () => {
    expect(
      await restrictedImports(`import { receivePayment } from "@/lib/payments/receive-payment";\nexport const r = receivePayment;\n`, "lib/http/x.ts"),
    ).toHaveLength(1);
  });

  it("reports lib/http importing the static-account product rule (route() takes it from the route file)", async () => {
    expect(
      await restrictedImports(
        `import { assertStaticAccountsEnabled } from "@/lib/static-accounts/product-state";\nexport const a = assertStaticAccountsEnabled;\n`,
        "lib/http/x.ts",
      ),
    ).toHaveLength(1);
  });

  it("reports lib/http reaching a domain by relative path, and still lib/ → app/", async () => {
    expect(await restrictedImports(`import { x } from "../payments/x";\nexport const y = x;\n`, "lib/http/x.ts")).toHaveLength(1);
    expect(await restrictedImports(`import { GET } from "@/app/v1/openapi.json/route";\nexport const g = GET;\n`, "lib/http/x.ts")).toHaveLength(1);
  });

  it("lets lib/http import errors, validation, db/ and itself", async () => {
    const code = [
      `import { AppError } from "@/lib/errors";`,
      `import { parseOrThrow } from "@/lib/validation";`,
      `import { getDb } from "@/db/client";`,
      `import { correlationIdFor } from "./correlation";`,
      `export const all = [AppError, parseOrThrow, getDb, correlationIdFor];`,
      ``,
    ].join("\n");
    expect(await restrictedImports(code, "lib/http/x.ts")).toEqual([]);
  });
});

describe("no lib/ domain imports lib/http", () => {
  it("reports a domain taking the prefetch type from the route pipeline (issue 28: initiate-transfer.ts did)", async () => {
    const code = `import type { PreparedRead } from "@/lib/http/rate-limit";\nexport type R = PreparedRead<{ id: string }>;\n`;
    expect(await restrictedImports(code, "lib/transfers/x.ts")).toEqual([expect.stringContaining("never imports lib/http")]);
    expect(await restrictedImports(code, "lib/sessions/x.ts")).toEqual([expect.stringContaining("never imports lib/http")]);
  });

  it("reports it by relative path, from a subfolder, and from the top layer (cli)", async () => {
    expect(await restrictedImports(`import { route } from "../http/route";\nexport const r = route;\n`, "lib/payments/x.ts")).toHaveLength(1);
    expect(await restrictedImports(`import { payLink } from "../../http/public-url";\nexport const p = payLink;\n`, "lib/rails/sandbox/x.ts")).toHaveLength(1);
    expect(
      await restrictedImports(`import { pruneRateLimitWindows } from "@/lib/http/rate-limit";\nexport const p = pruneRateLimitWindows;\n`, "lib/cli/x.ts"),
    ).toHaveLength(1);
  });

  it("lets a domain take the same types from db/statements and links from lib/public-links, and the front doors (lib/http, lib/actions) import lib/http", async () => {
    const code = [
      `import type { PreparedRead } from "@/db/statements/prefetch";`,
      `import { payLink } from "@/lib/public-links";`,
      `export type R = PreparedRead<{ id: string }>;`,
      `export const p = payLink;`,
      ``,
    ].join("\n");
    expect(await restrictedImports(code, "lib/transfers/x.ts")).toEqual([]);
    expect(await restrictedImports(`import { route } from "@/lib/http/route";\nexport const r = route;\n`, "lib/http/x.ts")).toEqual([]);
    // The server actions are a front door: an action's client IP comes from lib/http.
    expect(
      await restrictedImports(`import { actionClientIp } from "@/lib/http/action-client-ip";\nexport const a = actionClientIp;\n`, "lib/actions/x.ts"),
    ).toEqual([]);
  });
});

describe("app/ never imports drizzle-orm or db/", () => {
  it("reports app/ importing drizzle-orm", async () => {
    expect(await restrictedImports(`import { eq } from "drizzle-orm";\nexport const e = eq;\n`, "app/x.tsx")).toHaveLength(1);
  });

  it("reports app/ running SQL helpers from db/client, and a value from db/schema", async () => {
    expect(await restrictedImports(`import { preparedRows } from "@/db/client";\nexport const p = preparedRows;\n`, "app/(admin)/admin/x.tsx")).toHaveLength(1);
    expect(await restrictedImports(`import { refunds } from "@/db/schema";\nexport const r = refunds;\n`, "app/(admin)/admin/x.tsx")).toHaveLength(1);
    expect(await restrictedImports(`import { x } from "@/db/statements/x";\nexport const y = x;\n`, "app/x.ts")).toHaveLength(1);
  });

  it("lets app/ take a connection and the schema's types to hand to lib/", async () => {
    const code = [
      `import { getDb } from "@/db/client";`,
      `import type { Mode } from "@/db/schema";`,
      `export const m: Mode = "test";`,
      `export const g = getDb;`,
      ``,
    ].join("\n");
    expect(await restrictedImports(code, "app/x.tsx")).toEqual([]);
  });
});

describe("components/ never imports app/", () => {
  it("reports a component importing a server action by its route-group path", async () => {
    const code = `import { createKeyAction } from "@/app/(dashboard)/dashboard/developers/actions";\nexport const c = createKeyAction;\n`;
    expect(await restrictedImports(code, "components/developers/x.tsx")).toHaveLength(1);
  });

  it("reports a component reaching app/ by relative path, and any file of app/ (not only actions)", async () => {
    expect(await restrictedImports(`import { x } from "../../app/pay/[sessionId]/actions";\nexport const y = x;\n`, "components/checkout/x.tsx")).toHaveLength(
      1,
    );
    expect(await restrictedImports(`import Page from "@/app/(dashboard)/dashboard/page";\nexport const p = Page;\n`, "components/x.tsx")).toHaveLength(1);
  });

  it("lets a component call the server actions in lib/actions and import lib/ and other components", async () => {
    const code = [
      `import { createKeyAction } from "@/lib/actions/developers";`,
      `import { formatNaira } from "@/lib/money";`,
      `import { Button } from "@/components/ui/button";`,
      `import { X } from "./x";`,
      `export const all = [createKeyAction, formatNaira, Button, X];`,
      ``,
    ].join("\n");
    expect(await restrictedImports(code, "components/developers/y.tsx")).toEqual([]);
  });
});

describe("links prefetch on intent (components/ui/link.tsx)", () => {
  const code = `import Link from "next/link";\nexport const L = Link;\n`;
  it("reports next/link imported by a component or a page", async () => {
    expect(await restrictedImports(code, "components/shell/x.tsx")).toHaveLength(1);
    expect(await restrictedImports(code, "app/(dashboard)/dashboard/x/page.tsx")).toHaveLength(1);
  });

  it("lets the one wrapper import next/link, and everything else import the wrapper", async () => {
    expect(await restrictedImports(code, "components/ui/link.tsx")).toEqual([]);
    expect(await restrictedImports(`import Link from "@/components/ui/link";\nexport const L = Link;\n`, "components/shell/x.tsx")).toEqual([]);
  });
});

describe("lib/ folders import only their own layer and the ones below (ARCHITECTURE.md)", () => {
  it("reports a low folder importing a higher one: users → auth, observability → scheduler, audit → http", async () => {
    expect(await restrictedImports(`import { auth } from "@/lib/auth/auth";\nexport const a = auth;\n`, "lib/users/x.ts")).toHaveLength(1);
    expect(await restrictedImports(`import { runJobs } from "@/lib/scheduler/run-jobs";\nexport const r = runJobs;\n`, "lib/observability/x.ts")).toHaveLength(
      1,
    );
    expect(await restrictedImports(`import { route } from "@/lib/http/route";\nexport const r = route;\n`, "lib/audit/x.ts")).toHaveLength(1);
  });

  it("reports the breach by relative path too, from a nested file", async () => {
    expect(
      await restrictedImports(`import { isAdminNow } from "../../admin/is-admin";\nexport const i = isAdminNow;\n`, "lib/auth/two-factor/x.ts"),
    ).toHaveLength(1);
  });

  it("lets a folder import the layers below it: auth → users, scheduler → observability, keys → audit", async () => {
    expect(await restrictedImports(`import { createUser } from "@/lib/users/create-user";\nexport const c = createUser;\n`, "lib/auth/x.ts")).toEqual([]);
    expect(
      await restrictedImports(
        `import { pruneRequestLogs } from "@/lib/observability/prune-request-logs";\nexport const p = pruneRequestLogs;\n`,
        "lib/scheduler/x.ts",
      ),
    ).toEqual([]);
    expect(await restrictedImports(`import { recordAudit } from "../audit/record-audit";\nexport const r = recordAudit;\n`, "lib/keys/x.ts")).toEqual([]);
  });

  it("keeps lib/actions at the top: a domain never imports an action (they call the domains)", async () => {
    expect(await restrictedImports(`import { adminAction } from "@/lib/actions/safe-action";\nexport const a = adminAction;\n`, "lib/admin/x.ts")).toHaveLength(
      1,
    );
    expect(
      await restrictedImports(`import { merchantAction } from "@/lib/actions/safe-action";\nexport const m = merchantAction;\n`, "lib/transfers/x.ts"),
    ).toHaveLength(1);
    expect(
      await restrictedImports(
        `import { initiateTransfer } from "@/lib/transfers/initiate-transfer";\nexport const i = initiateTransfer;\n`,
        "lib/actions/x.ts",
      ),
    ).toEqual([]);
  });

  it("reports a shared file at the root of lib/ importing a folder", async () => {
    expect(await restrictedImports(`import { recordAudit } from "@/lib/audit/record-audit";\nexport const r = recordAudit;\n`, "lib/x.ts")).toHaveLength(1);
    expect(await restrictedImports(`import { recordAudit } from "./audit/record-audit";\nexport const r = recordAudit;\n`, "lib/x.ts")).toHaveLength(1);
  });
});
