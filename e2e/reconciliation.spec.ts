// Reconciliation (issue 27, supplement §12) in Chromium against the production build, at 1280
// and 375 px: an instance of its own with OWO_RAILS=paystack pointed at the Paystack simulator.
// Money reaches an account Owo never issued and its webhook is lost; an admin reconciles the day
// from the provider's API, finds it in the exceptions queue (in suspense), proposes assigning it
// to a merchant; a second admin confirms it. The pages pass an axe scan; a run's lines download
// as CSV.
import { expect, test, type Browser, type Page } from "@playwright/test";
import { openAppDatabase, startInstance, type AppDatabase, type AppInstance } from "../tests/instances";
import type { SimServer } from "../lib/rails/simulator/sim-server";
import { hydrated, seriousAxeViolations } from "./helpers";

test.describe.configure({ mode: "serial" });

let db: AppDatabase;
let app: AppInstance;
let sim: SimServer;
const stamp = Date.now();
const alice = { email: `recon-alice-${stamp}@example.com`, password: "correct horse battery staple" };
const bola = { email: `recon-bola-${stamp}@example.com`, password: "correct horse battery staple" };
const merchantName = `Mama Nkechi Stores ${stamp}`;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  db = await openAppDatabase();
  const { SIMULATORS } = await import("../lib/rails/simulator/simulators");
  const spec = SIMULATORS.paystack;
  // No webhook URL: every notice the provider would send is lost.
  sim = await spec.start({ webhookUrl: null });
  app = await startInstance({ name: "reconciliation", databaseUrl: db.url, env: { OWO_RAILS: "paystack", ...spec.env(sim.url) } });
  const [{ getDb }, { createMerchant }, { createAdmin }, { CLI_ACTOR }] = await Promise.all([
    import("../db/client"),
    import("../lib/merchants/create-merchant"),
    import("../lib/admin/create-admin"),
    import("../lib/audit/record-audit"),
  ]);
  const conn = await getDb();
  await createMerchant(conn, {
    name: merchantName,
    type: "business",
    email: `recon-owner-${stamp}@example.com`,
    password: "correct horse battery",
    actor: CLI_ACTOR,
    activated: true,
  });
  await createAdmin(conn, { email: alice.email, password: alice.password, actor: CLI_ACTOR });
  await createAdmin(conn, { email: bola.email, password: bola.password, actor: CLI_ACTOR });
});

test.afterAll(async () => {
  await app?.stop();
  await sim?.close();
  await db?.close();
});

async function adminPage(browser: Browser, width: number, who: { email: string; password: string }): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${app.url}/sign-in`);
  await hydrated(page);
  await page.getByLabel("Email").fill(who.email);
  await page.getByLabel("Password").fill(who.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/admin/);
  return page;
}

async function checkPage(page: Page, where: string) {
  // The page itself, not a passing toast (mid-animation its text is half-faded): the toaster is
  // left out rather than waited for (a pointer resting on a toast holds it open).
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1), `${where} scrolls sideways`).toBe(true);
  const bad = await seriousAxeViolations(page, { exclude: "[data-sonner-toaster]" });
  expect(bad, `${where}: axe-core serious/critical violations`).toEqual([]);
}

const lagosToday = () => new Date(Date.now() + 3_600_000).toISOString().slice(0, 10);

for (const width of [1280, 375]) {
  test(`at ${width} px: a lost payment to an unknown account is found by the day's run; one admin proposes assigning it, a second admin confirms`, async ({
    browser,
  }) => {
    const amount = width === 1280 ? 12_800 : 3_750;
    const amountText = width === 1280 ? "₦128.00" : "₦37.50";
    const paid = await fetch(`${sim.url}/__sim/pay`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        account_number: width === 1280 ? "9900001281" : "9900000376",
        amount,
        payer: { name: "Kemi Adeyemi", bank: "Access Bank", account: "0011002233" },
      }),
    });
    expect(paid.status).toBe(200);

    const page = await adminPage(browser, width, alice);
    await page.goto(`${app.url}/admin/reconciliation`);
    await hydrated(page);
    await checkPage(page, "/admin/reconciliation");
    await page.getByTestId("reconcile-rail").selectOption("paystack");
    await page.getByTestId("reconcile-day").fill(lagosToday());
    await page.getByTestId("reconcile-run").click();
    await expect(page).toHaveURL(/\/admin\/reconciliation\/[0-9a-f-]{36}$/, { timeout: 20_000 });
    const runUrl = page.url();
    await expect(page.getByTestId("run-lines")).not.toHaveText("0");
    await expect(page.getByTestId("run-provider-balance")).toHaveText(/₦/);

    const item = page.getByTestId("exception-item").filter({ hasText: amountText });
    await expect(item).toHaveAttribute("data-outcome", "unknown_inbound");
    await hydrated(page);
    await checkPage(page, "the run page");
    await item.getByTestId("assign-suspense").click();
    await page.getByTestId("assign-merchant-search").fill(merchantName.slice(0, 12));
    await page.getByTestId("assign-merchant-option").filter({ hasText: merchantName }).click();
    await page.getByTestId("confirm-assign-suspense").click();
    await expect(item.getByTestId("exception-awaiting")).toBeVisible();
    await expect(item.getByTestId("exception-confirm")).toHaveCount(0);

    // The lines download as CSV.
    const csv = await page.request.get(`${runUrl}/export`);
    expect(csv.status()).toBe(200);
    expect(csv.headers()["content-type"]).toContain("text/csv");
    expect(await csv.text()).toContain((amount / 100).toFixed(2));

    // A second admin confirms: the money is booked to the merchant, the item leaves the queue.
    const second = await adminPage(browser, width, bola);
    await second.goto(runUrl);
    await hydrated(second);
    const theirs = second.getByTestId("exception-item").filter({ hasText: amountText });
    await theirs.getByTestId("exception-confirm").click();
    await expect(second.getByTestId("exception-item").filter({ hasText: amountText })).toHaveCount(0, { timeout: 10_000 });
    await second.goto(`${app.url}/admin/rails`);
    await expect(second.getByTestId("suspense-row").filter({ hasText: amountText })).toHaveAttribute("data-status", "assigned");
    if (process.env.OWO_SCREENSHOTS) await page.screenshot({ path: `docs/screenshots/admin-reconciliation-${width}.png`, fullPage: true });
    await page.context().close();
    await second.context().close();
  });
}
