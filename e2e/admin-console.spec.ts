import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { createSecretKey, signIn, signInDemo, signUp, uniqueEmail } from "./helpers";

// The admin console (issue 18 item 8): the platform totals on the admin home follow a payment
// made here; the admin finds a merchant by its owner's email, sees its balances, 30-day volume,
// recent payments and key prefixes (never a secret), suspends it (its key is refused through
// /v1 with 403 MERCHANT_SUSPENDED, its dashboard shows a notice and refuses to fund the
// wallet), and lifts the suspension (the key works again). At 1280 and 375 px, no sideways scroll.

test.describe.configure({ mode: "serial" });

const business = `Console Foods ${Date.now()}`;
const email = uniqueEmail("console");
const password = "a-strong-password";
let secret = "";
let handle = "";

/** `₦12,500.50` → 1250050 kobo. */
const kobo = (text: string) => Math.round(Number(text.replace(/[^\d.]/g, "")) * 100);
const countOf = (text: string) => Number(/\d+/.exec(text.replace(/,/g, ""))![0]);

const banks = (request: APIRequestContext) => request.get("/v1/checkout/transfer/banks", { headers: { "x-api-key": secret } });

async function noSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
}

async function adminHomeTotals(page: Page) {
  await page.goto("/admin");
  return {
    merchants: countOf((await page.getByTestId("total-merchants").textContent())!),
    testCount: countOf((await page.getByTestId("total-count-test").textContent())!),
    testHeld: kobo((await page.getByTestId("total-held-test").textContent())!),
  };
}

test("setup: a business signs up, creates a key and funds its test wallet", async ({ page, request }) => {
  await signUp(page, { business, email, password });
  handle = (await page.getByTestId("wallet-payid").textContent())!.replace("@", "").trim();
  secret = await createSecretKey(page, { name: "console e2e" });
  const funded = await request.post("/v1/sandbox/wallet/fund", { headers: { "x-api-key": secret }, data: { amount: 2_000_000 } });
  expect(funded.status(), await funded.text()).toBe(200);
});

test("admin home: the platform totals (payments in 30 days, balances held) follow a payment made now", async ({ browser, request }) => {
  const page = await browser.newPage();
  await signInDemo(page, "admin");
  await expect(page).toHaveURL(/\/admin$/);
  const before = await adminHomeTotals(page);
  expect(before.merchants).toBeGreaterThanOrEqual(3); // the seed's two businesses and ours
  const paid = await request.post("/v1/sandbox/payments", {
    headers: { "x-api-key": secret },
    data: { pay_id: `@${handle}`, amount: 750_000, payer: { name: "Console Payer" } },
  });
  expect(paid.status(), await paid.text()).toBe(200);
  const after = await adminHomeTotals(page);
  expect(after.testCount).toBe(before.testCount + 1);
  expect(after.testHeld).toBe(before.testHeld + 750_000);
  await page.close();
});

for (const width of [1280, 375]) {
  test(`at ${width} px: the admin finds the merchant, sees its money and key prefixes, suspends it (key refused, dashboard blocked) and lifts it`, async ({
    browser,
    request,
  }) => {
    // Two signed-in browsers and a dozen page loads: more than the default minute on a busy machine.
    test.setTimeout(180_000);
    const admin = await browser.newPage({ viewport: { width, height: 900 } });
    await signInDemo(admin, "admin");
    await expect(admin).toHaveURL(/\/admin$/);
    await noSidewaysScroll(admin);

    await admin.getByTestId("merchant-search").fill(email.toUpperCase());
    await admin.getByRole("button", { name: "Search" }).click();
    await expect(admin).toHaveURL(/\/admin\?q=/);
    const rows = admin.locator('[data-testid^="merchant-row-"]');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(business);
    await expect(rows.first()).toContainText(email);
    await noSidewaysScroll(admin);
    await rows.first().getByRole("link", { name: business }).click();

    await expect(admin.getByTestId("admin-merchant-name")).toHaveText(business);
    await expect(admin.getByTestId("admin-merchant-status")).toHaveText(/active/i);
    await expect(admin.getByTestId("admin-available-test")).toHaveText("₦27,500.00"); // 20,000 funded + 7,500 paid
    await expect(admin.getByTestId("admin-volume-test")).toHaveText("₦7,500.00");
    await expect(admin.getByTestId("admin-count-test")).toHaveText("1");
    await expect(admin.getByTestId("admin-available-live")).toHaveText("₦0.00");
    await expect(admin.getByTestId("admin-payments-test")).toContainText("Console Payer");
    const keys = admin.getByTestId("admin-key-pairs");
    await expect(keys).toContainText(`${secret.slice(0, 12)}…${secret.slice(-4)}`);
    expect(await admin.content()).not.toContain(secret);
    expect(await admin.content()).not.toContain(secret.slice(12, -4));
    await noSidewaysScroll(admin);

    // Suspend, with a confirmation and a reason.
    expect((await banks(request)).status()).toBe(200);
    await admin.getByTestId("suspend-merchant").click();
    const dialog = admin.getByRole("dialog");
    await expect(dialog).toContainText("403 MERCHANT_SUSPENDED");
    await dialog.getByLabel(/Reason/).fill(`Chargebacks under review (${width} px)`);
    await dialog.getByTestId("confirm-suspension").click();
    await expect(admin.getByTestId("admin-merchant-status")).toHaveText(/suspended/i);
    await expect(admin.getByTestId("admin-suspension")).toContainText(`Chargebacks under review (${width} px)`);
    await expect(admin.getByTestId("admin-suspension")).toContainText("admin@owo.test");

    const refused = await banks(request);
    expect(refused.status()).toBe(403);
    const body = await refused.json();
    expect(body).toMatchObject({ success: false, error: { code: "MERCHANT_SUSPENDED" } });
    expect(body.correlationId).toBeTruthy();

    // The merchant's dashboard: a notice, and money-moving actions refused.
    const owner = await browser.newPage({ viewport: { width, height: 900 } });
    await signIn(owner, email, password);
    await expect(owner).toHaveURL(/\/dashboard$/);
    await expect(owner.getByTestId("suspended-notice")).toBeVisible();
    await owner.locator("#fund-naira").fill("1000");
    await owner.getByTestId("fund-wallet").click();
    await expect(owner.getByText("This account is suspended by the service. Contact support.")).toBeVisible();
    await noSidewaysScroll(owner);

    // The audit log names the admin and the reason.
    const merchantUrl = admin.url();
    await admin.getByTestId("admin-merchant-audit").click();
    await expect(admin).toHaveURL(/\/audit/);
    await expect(admin.locator("main")).toContainText("Business suspended by Owo");
    await expect(admin.locator("main")).toContainText(`Chargebacks under review (${width} px)`);
    await admin.goto(merchantUrl);

    // Lift it: the key works again, the notice goes.
    await admin.getByTestId("unsuspend-merchant").click();
    await admin
      .getByRole("dialog")
      .getByLabel(/Reason/)
      .fill("Cleared by the risk team");
    await admin.getByRole("dialog").getByTestId("confirm-suspension").click();
    await expect(admin.getByTestId("admin-merchant-status")).toHaveText(/active/i);
    await expect(admin.getByTestId("admin-suspension")).toHaveCount(0);
    expect((await banks(request)).status()).toBe(200);
    await owner.reload();
    await expect(owner.getByTestId("suspended-notice")).toHaveCount(0);
    await owner.close();
    await admin.close();
  });
}
