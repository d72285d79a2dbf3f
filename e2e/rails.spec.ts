// Live money through a rail (issue 24, supplement §11), in Chromium against the production
// build: an instance of its own with OWO_RAILS=paystack pointed at the project's Paystack
// simulator (the provider's documented API, from memory). A live checkout is paid by bank
// transfer into the account the rail issued; the provider's signed webhook reaches Owo, which
// asks the provider's API before booking; the merchant sees the payment in live mode, and an
// admin sees the rail (its last webhook, balance beside the ledger) on the Rails page and
// assigns money that reached an account Owo never issued (suspense) to the merchant.
import { expect, test, type Page } from "@playwright/test";
import { api, openAppDatabase, startInstance, type AppDatabase, type AppInstance } from "../tests/instances";
import type { SimServer } from "../lib/rails/simulator/sim-server";

test.describe.configure({ mode: "serial" });

let db: AppDatabase;
let app: AppInstance;
let sim: SimServer;
let liveKey: string;
const owner = { email: `rails-owner-${Date.now()}@example.com`, password: "correct horse battery" };
const admin = { email: `rails-admin-${Date.now()}@example.com`, password: "correct horse battery staple" };

test.beforeAll(async () => {
  test.setTimeout(180_000);
  db = await openAppDatabase();
  const { SIMULATORS } = await import("../lib/rails/simulator/simulators");
  const spec = SIMULATORS.paystack;
  sim = await spec.start({});
  app = await startInstance({
    name: "rails",
    databaseUrl: db.url,
    env: { OWO_RAILS: "paystack", ...spec.env(sim.url), SCHEDULER: "on", SCHEDULER_INTERVAL_MS: "1000" },
  });
  sim.webhookUrl = `${app.url}/api/rails/paystack/webhook`;

  const [{ getDb }, { createMerchant }, { createKeyPair }, { createAdmin }, { CLI_ACTOR }] = await Promise.all([
    import("../db/client"),
    import("../lib/merchants/create-merchant"),
    import("../lib/keys/create-key-pair"),
    import("../lib/admin/create-admin"),
    import("../lib/audit/record-audit"),
  ]);
  const conn = await getDb();
  const created = await createMerchant(conn, {
    name: "Iya Basira Foods",
    type: "business",
    email: owner.email,
    password: owner.password,
    actor: CLI_ACTOR,
    activated: true,
  });
  const key = await createKeyPair(conn, { merchantId: created.merchant.id, mode: "live", actor: CLI_ACTOR, config: {} });
  liveKey = key.secretKey;
  await createAdmin(conn, { email: admin.email, password: admin.password, actor: CLI_ACTOR });
});

test.afterAll(async () => {
  await app?.stop();
  await sim?.close();
  await db?.close();
});

async function signIn(page: Page, who: { email: string; password: string }) {
  await page.goto(`${app.url}/sign-in`);
  await page.getByLabel("Email").fill(who.email);
  await page.getByLabel("Password").fill(who.password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

for (const width of [1280, 375]) {
  test(`at ${width} px: a live checkout paid by bank transfer through the (simulated) Paystack rail is booked, seen in the dashboard and on the admin Rails page`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    const page = await context.newPage();

    const init = await api<{ session_id: string; checkout_url: string; reference: string }>(app.url, liveKey, "POST", "/v1/checkout/session/initialize", {
      amount: 450_000,
      email: "customer@example.com",
    });
    expect(init.status).toBe(200);
    const session = init.body!.data!;

    // The customer picks bank transfer: the account is the one Paystack issued for this session.
    await page.goto(session.checkout_url);
    await page.getByTestId("method-bank_transfer").click();
    const accountNumber = page.getByTestId("account-number");
    await expect(accountNumber).toHaveText(/^\d{10}$/);
    const account = (await accountNumber.textContent())!;
    await expect(page.getByTestId("simulate-payment")).toHaveCount(0); // live: no sandbox button

    // The customer's bank pays it; Paystack notifies Owo (signed), Owo asks Paystack's API, then books.
    const paid = await fetch(`${sim.url}/__sim/pay`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ account_number: account, amount: 450_000, payer: { name: "Tunde Bakare", bank: "Access Bank", account: "0099887766" } }),
    });
    expect(((await paid.json()) as { webhook_status: number }).webhook_status).toBe(200);
    // No click: the checkout follows its session (issue 26) and moves to paid by itself.
    await expect(page.getByTestId("outcome-title")).toBeVisible({ timeout: 20_000 });
    await expect
      .poll(async () => (await api<{ status: string }>(app.url, liveKey, "GET", `/v1/checkout/session/${session.session_id}/verify`)).body?.data?.status, {
        timeout: 10_000,
      })
      .toBe("completed");

    // The merchant, in live mode, sees real money and the payment.
    await signIn(page, owner);
    await expect(page).toHaveURL(/\/dashboard/);
    await page.getByTestId("mode-switch").click();
    await expect(page.getByTestId("dashboard-header")).toHaveAttribute("data-mode", "live");
    await expect(page.getByTestId("live-money-kind")).toHaveAttribute("data-kind", "real");
    await page.goto(`${app.url}/dashboard/payments`);
    await expect(page.getByTestId("payment-row").filter({ hasText: "₦4,500.00" }).first()).toBeVisible();
    await context.clearCookies();

    // The operator sees the rail: a webhook received, the provider's balance beside the ledger's.
    await signIn(page, admin);
    await expect(page).toHaveURL(/\/admin/);
    await page.goto(`${app.url}/admin/rails`);
    const card = page.getByTestId("rail-card-paystack");
    await expect(card).toBeVisible();
    await expect(page.getByTestId("rail-last-webhook-paystack")).not.toHaveText("No webhook yet");
    await expect(page.getByTestId("rail-provider-balance-paystack")).toHaveText(/₦/);
    await expect(page.getByTestId("rail-ledger-balance-paystack")).toHaveText(/₦/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);

    // Money paid to an account Owo never issued waits in suspense; the admin assigns it to the merchant.
    const stray = width === 1280 ? 12_800 : 3_750; // kobo: ₦128.00 / ₦37.50, one row per width
    const strayPaid = await fetch(`${sim.url}/__sim/pay`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        account_number: width === 1280 ? "9900001280" : "9900000375",
        amount: stray,
        payer: { name: "Kemi Adeyemi", bank: "Access Bank", account: "0011002233" },
      }),
    });
    expect(((await strayPaid.json()) as { webhook_status: number }).webhook_status).toBe(200);
    const strayText = width === 1280 ? "₦128.00" : "₦37.50";
    const row = page.getByTestId("suspense-row").filter({ hasText: strayText });
    await expect(async () => {
      await page.reload();
      await expect(row).toHaveAttribute("data-status", "open", { timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
    await row.getByTestId("assign-suspense").click();
    await page.getByTestId("assign-merchant-search").fill("Iya Basira");
    await page.getByTestId("assign-merchant-option").first().click();
    await page.getByTestId("confirm-assign-suspense").click();
    await expect(page.getByTestId("suspense-row").filter({ hasText: strayText })).toHaveAttribute("data-status", "assigned", { timeout: 10_000 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
    if (process.env.OWO_SCREENSHOTS) await page.screenshot({ path: `docs/screenshots/admin-rails-${width}.png`, fullPage: true });
    await context.close();
  });
}
