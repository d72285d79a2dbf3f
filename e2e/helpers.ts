import fs from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import { createOwoClient, type OwoClient } from "../client/owo-client";

/** Unique per run: e2e databases are fresh, but a rerun against a kept one must not collide. */
export function uniqueEmail(tag: string): string {
  return `${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@e2e.example.com`;
}

export async function signUp(page: Page, opts: { business: string; email: string; password: string; type?: "business" | "personal" }) {
  await page.goto("/sign-up");
  if (opts.type === "personal") await page.getByText("personal", { exact: true }).click();
  await page.getByLabel(opts.type === "personal" ? "Account name" : "Business name").fill(opts.business);
  await page.getByLabel("Your name").fill("Ada Obi");
  await page.getByLabel("Email").fill(opts.email);
  await page.getByLabel("Password").fill(opts.password);
  await page.getByRole("button", { name: "Create account" }).click();
  // A new account is signed in at once and lands on its Home (issue 26).
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** Holds every script of the pages that follow (not their stylesheets, or the streamed page never shows) until the answer is called. */
export async function holdScripts(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  await page.route("**/_next/static/chunks/*.js", async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** Whether React has a root in the page yet (false while it is still plain HTML). */
export function reactStarted(page: Page): Promise<boolean> {
  return page.evaluate(() => Object.keys(document).some((k) => k.startsWith("__reactContainer$")));
}

/**
 * Resolves once React has hydrated the page (Next hydrates into `document`: its root is no
 * longer dehydrated). Before that, a click on a button is lost or is the browser's own submit.
 */
export async function hydrated(page: Page) {
  await expect
    .poll(() =>
      page.evaluate(() => {
        const key = Object.keys(document).find((k) => k.startsWith("__reactContainer$"));
        const hostRoot = key
          ? (document as unknown as Record<string, { stateNode?: { current?: { memoizedState?: { isDehydrated?: boolean } } } }>)[key]
          : undefined;
        return hostRoot?.stateNode?.current?.memoizedState?.isDehydrated === false;
      }),
    )
    .toBe(true);
}

export async function signIn(page: Page, email: string, password: string) {
  await page.goto("/sign-in");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/**
 * Creates a key pair on the Developers page (the mode the dashboard is in) and answers its
 * secret key, the one-time reveal dismissed.
 */
export async function createSecretKey(page: Page, opts: { name?: string; webhookUrl?: string } = {}): Promise<string> {
  await page.goto("/dashboard/developers");
  await page.getByTestId("create-key").click();
  if (opts.name !== undefined) await page.getByLabel("Name").fill(opts.name);
  if (opts.webhookUrl !== undefined) await page.getByLabel("Webhook URL").fill(opts.webhookUrl);
  await page.getByTestId("create-key-submit").click();
  const secret = (await page.getByTestId("new-secret-key").textContent())!;
  await page.getByTestId("secret-saved").click();
  return secret;
}

/** A `fetch` over Playwright's request context (its baseURL, its cookies: none for /v1). */
function requestFetch(request: APIRequestContext): typeof fetch {
  return async (input, init) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.toString() : input.url;
    const r = await request.fetch(url, {
      method: init?.method ?? "GET",
      headers: init?.headers as Record<string, string> | undefined,
      data: typeof init?.body === "string" ? init.body : undefined,
      failOnStatusCode: false,
    });
    return new Response(r.status() === 204 ? null : await r.text(), { status: r.status(), headers: r.headers() });
  };
}

/** The typed Owo client (client/owo-client.ts) against the e2e server, on a key. */
export function owoClient(request: APIRequestContext, apiKey: string): OwoClient {
  return createOwoClient({ baseUrl: "", apiKey, fetch: requestFetch(request) });
}

type DemoAccount = { email: string; password: string };

/**
 * The demo accounts the e2e server's `npm start` seeded (OWO_SEED_DEMO=1), with the random
 * passwords it generated: read from its data dir (E2E_DATA_DIR, set by playwright.config.ts).
 */
export function demoCredentials(): { business: DemoAccount; personal: DemoAccount; admin: DemoAccount } {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error("E2E_DATA_DIR is not set: run the specs through playwright.config.ts");
  const file = path.join(dir, "demo-passwords.json");
  const all = JSON.parse(fs.readFileSync(file, "utf8")) as Record<string, { business: string; personal: string; admin: string }>;
  const passwords = Object.values(all);
  if (passwords.length !== 1) throw new Error(`${file} should hold the passwords of exactly one database, not ${passwords.length}`);
  const p = passwords[0]!;
  return {
    business: { email: "demo@owo.test", password: p.business },
    personal: { email: "ada@owo.test", password: p.personal },
    admin: { email: "admin@owo.test", password: p.admin },
  };
}

/** Signs in as one of the seeded demo accounts (its generated password: demoCredentials()). */
export async function signInDemo(page: Page, who: "business" | "personal" | "admin") {
  const account = demoCredentials()[who];
  await signIn(page, account.email, account.password);
}

/**
 * A business that signed up fills in "Activate your business" (supplement §13) and submits:
 * business details, the owner's BVN (the sandbox registry matches any name), and a payout
 * account found by name enquiry. Ends on the page showing the request in review.
 */
export async function submitActivation(page: Page, opts: { legalName: string; rcNumber?: string }) {
  await page.goto("/dashboard/activate?step=business");
  await page.getByTestId("activation-legal-name").fill(opts.legalName);
  if (opts.rcNumber !== undefined) await page.getByTestId("activation-rc-number").fill(opts.rcNumber);
  await page.getByTestId("activation-address").fill("12 Marina, Lagos Island, Lagos");
  await page.getByTestId("activation-save-business").click();
  await expect(page).toHaveURL(/step=identity/);
  await page.getByTestId("activation-owner-name").fill("Ada Obi");
  await page.getByTestId("activation-identity-number").fill("22212345678");
  await page.getByTestId("activation-save-identity").click();
  await expect(page).toHaveURL(/step=payout/);
  await page.getByTestId("activation-bank").selectOption("058");
  await page.getByTestId("activation-account-number").fill("0123456789");
  await expect(page.getByTestId("activation-account-name")).toBeVisible();
  await page.getByTestId("activation-save-payout").click();
  await expect(page).toHaveURL(/step=review/);
  await page.getByTestId("activation-submit").click();
  await expect(page.getByTestId("activation-submitted")).toBeVisible();
}

/** The demo admin approves a business's waiting activation request, in a browser context of its own. */
export async function approveActivation(browser: Browser, businessName: string) {
  const context = await browser.newContext();
  const admin = await context.newPage();
  await signInDemo(admin, "admin");
  await expect(admin).toHaveURL(/\/admin/);
  await admin.goto("/admin/activations");
  await admin.getByTestId("activation-row").filter({ hasText: businessName }).getByTestId("activation-open").click();
  await admin.getByTestId("approve-activation").click();
  await admin.getByTestId("confirm-activation-decision").click();
  await expect(admin.getByTestId("activation-request")).toHaveAttribute("data-status", "approved");
  await context.close();
}

/** Signed up, activated by the demo admin: live mode open. */
export async function activateSignedUp(page: Page, browser: Browser, businessName: string) {
  await submitActivation(page, { legalName: `${businessName} Limited`, rcNumber: "RC1234567" });
  await approveActivation(browser, businessName);
  await page.reload();
}

/**
 * Resolves once the page shows its content rather than its loading skeleton (every loading.tsx
 * is a `role="status" aria-busy="true"` block) and has its title. The load event is not enough:
 * React reveals a streamed Suspense boundary's content in batches, and Next streams a dynamic
 * page's metadata (its <title>) too, so on a busy machine a page read at "load" or just after a
 * refresh may still be the skeleton, or untitled.
 */
export async function contentShown(page: Page) {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(page).toHaveTitle(/\S/);
}

/**
 * The page's serious and critical axe-core violations (WCAG 2.1 A and AA, best practice), one
 * line each: rule, impact, what to fix and where (the first four nodes). `exclude`: selectors
 * left out of the scan (a toast caught mid-animation).
 */
export async function seriousAxeViolations(page: Page, opts: { exclude?: string } = {}): Promise<string[]> {
  await contentShown(page); // the page itself, not its loading skeleton
  // Violations only: axe then skips building selectors for every passing node (its documented
  // performance option), most of its time on a long page.
  let builder = new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]).options({ resultTypes: ["violations"] });
  if (opts.exclude) builder = builder.exclude(opts.exclude);
  const results = await builder.analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes
          .slice(0, 4)
          .map((n) => n.target.join(" "))
          .join(" | ")}`,
    );
}
