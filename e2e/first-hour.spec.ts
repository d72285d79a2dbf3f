import { expect, test, type Page } from "@playwright/test";
import { createSecretKey, demoCredentials, hydrated, seriousAxeViolations, signIn, signUp, submitActivation, uniqueEmail } from "./helpers";

/*
 * The first hour (issue 26 item 3) in Chromium, at 1280 and 375 px: a new merchant signs up and
 * lands signed in on Home, walks the "Get started" checklist to the end (each step turning done
 * from what the server records: keys, a test payment through a real hosted checkout, a webhook
 * URL with a test event, a payout account, the team, activation) and the checklist is gone; the
 * seeded demo business shows 30 days of figures; sign-in works at 127.0.0.1 and at localhost.
 */

const PORT = Number(process.env.E2E_PORT ?? 3100);

const step = (page: Page, id: string) => page.getByTestId(`get-started-step-${id}`);

async function home(page: Page) {
  await page.goto("/dashboard");
  await expect(page.getByTestId("get-started")).toBeVisible();
  await hydrated(page);
}

async function noSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
}

async function axe(page: Page, where: string) {
  const bad = await seriousAxeViolations(page);
  expect(bad, `${where}: axe-core serious/critical violations`).toEqual([]);
}

for (const width of [1280, 375]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width < 768 ? 812 : 900 } });

    test("a new merchant signs up, lands signed in, walks the Get started checklist to the end, and it is gone", async ({ page }) => {
      test.setTimeout(180_000);
      const business = `First Hour ${width} ${Date.now() % 100_000}`;
      await signUp(page, { business, email: uniqueEmail(`first-${width}`), password: "a-strong-password" });
      // Signed in at once, on Home, with the checklist first.
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(page.getByTestId("business-name")).toHaveText(business);
      await home(page);
      await expect(page.getByTestId("get-started-progress")).toHaveText("0 of 6 done");
      for (const id of ["test_keys", "test_payment", "webhook", "payout_account", "team", "activation"])
        await expect(step(page, id)).toHaveAttribute("data-done", "false");
      await expect(page.getByTestId("get-started-test-payment")).toBeDisabled(); // keys first
      await noSidewaysScroll(page);
      await axe(page, `Home with the checklist at ${width} px`);

      // 1. Test keys, where the step's link leads.
      await page.getByTestId("get-started-link-test_keys").click();
      await expect(page).toHaveURL(/\/dashboard\/developers$/);
      await createSecretKey(page, { name: "First hour key" });
      await home(page);
      await expect(step(page, "test_keys")).toHaveAttribute("data-done", "true");
      await expect(page.getByTestId("get-started-progress")).toHaveText("1 of 6 done");

      // 2. A test payment in one click: a real hosted checkout, paid with the sandbox's "Simulate payment", back to Home.
      await page.getByTestId("get-started-test-payment").click();
      await expect(page).toHaveURL(/\/pay\/[0-9a-f-]{36}$/);
      await expect(page.getByTestId("test-mode-banner")).toBeVisible();
      await expect(page.getByTestId("pay-amount")).toHaveText("₦5,000.00");
      await hydrated(page);
      await page.getByTestId("method-bank_transfer").click();
      await expect(page.getByTestId("account-number")).toHaveText(/^\d{10}$/);
      await page.getByTestId("simulate-payment").click();
      await expect(page).toHaveURL(/\/dashboard\?reference=/, { timeout: 20_000 });
      await expect(page.getByTestId("get-started")).toBeVisible();
      await expect(step(page, "test_payment")).toHaveAttribute("data-done", "true");

      // 3. A webhook URL, now in plain sight on Developers → Webhooks, and a test event to it.
      await hydrated(page);
      await page.getByTestId("get-started-link-webhook").click();
      await expect(page).toHaveURL(/\/dashboard\/developers\/webhooks$/);
      const endpoint = page.getByTestId("webhook-endpoint").first();
      await expect(endpoint.getByTestId("webhook-endpoint-url")).toHaveText("No webhook URL yet");
      await hydrated(page);
      await endpoint.getByTestId("edit-webhook-url").click();
      await page.getByTestId("webhook-url-input").fill("http://127.0.0.1:9/first-hour-hooks");
      await page.getByTestId("webhook-url-save").click();
      await expect(endpoint.getByTestId("webhook-endpoint-url")).toHaveText("http://127.0.0.1:9/first-hour-hooks");
      await endpoint.getByTestId("send-test-event").click();
      await expect(page.getByText("Test event sent")).toBeVisible();
      await home(page);
      await expect(step(page, "webhook")).toHaveAttribute("data-done", "true");

      // 4. A payout account.
      await page.getByTestId("get-started-link-payout_account").click();
      await expect(page).toHaveURL(/\/dashboard\/payouts$/);
      await hydrated(page);
      await page.getByTestId("payout-bank").selectOption("058");
      await page.getByTestId("payout-account").fill("0123456789");
      await expect(page.getByTestId("payout-account-name")).toBeVisible();
      await page.getByTestId("payout-schedule-manual").click();
      await page.getByTestId("save-payout-settings").click();
      await expect(page.getByTestId("payout-schedule-text")).toBeVisible();
      await home(page);
      await expect(step(page, "payout_account")).toHaveAttribute("data-done", "true");

      // 5. The team: "Just me for now".
      await page.getByTestId("get-started-team-solo").click();
      await expect(step(page, "team")).toHaveAttribute("data-done", "true");
      await expect(page.getByTestId("get-started-progress")).toHaveText("5 of 6 done");
      await page.reload();
      await expect(step(page, "team")).toHaveAttribute("data-done", "true"); // kept on the server

      // 6. Activation submitted: every step done, the checklist is gone for good.
      await submitActivation(page, { legalName: `${business} Limited`, rcNumber: "RC1234567" });
      await page.goto("/dashboard");
      await expect(page.getByTestId("wallet-balance")).toBeVisible();
      await expect(page.getByTestId("get-started")).toHaveCount(0);
      await page.reload();
      await expect(page.getByTestId("get-started")).toHaveCount(0);
    });

    test("the seeded demo business shows 30 days of figures", async ({ page }) => {
      const demo = demoCredentials().business;
      await signIn(page, demo.email, demo.password);
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(page.getByTestId("get-started")).toHaveCount(0); // a business already set up
      const last30 = Number((await page.getByTestId("collected-last30-count").textContent())!.replace(/\D/g, ""));
      expect(last30).toBeGreaterThanOrEqual(30);
      // Every one of the 30 days in the chart has payments.
      const days = await page.getByTestId("volume-chart").locator("rect title").allTextContents();
      expect(days).toHaveLength(30);
      expect(days.filter((d) => !/\(0 payments\)/.test(d))).toHaveLength(30);
      await expect(page.getByTestId("recent-payment").first()).toBeVisible();
      await noSidewaysScroll(page);
      // The history behind it: every channel, transfers (one failed), invoices, a refund, a failing webhook.
      await page.goto("/dashboard/transfers?status=failed");
      await expect(page.getByTestId("transfer-row").filter({ hasText: "KOLA SUPPLIES" })).toHaveCount(1);
      await page.goto("/dashboard/developers/webhooks");
      await expect(page.getByTestId("webhook-endpoint-url").filter({ hasText: "hooks.demo-store.invalid" })).toBeVisible();
    });
  });
}

test("sign-in lands on the dashboard at whichever local address was used: 127.0.0.1 and localhost", async ({ browser }) => {
  const demo = demoCredentials().business;
  for (const host of ["127.0.0.1", "localhost"]) {
    const origin = `http://${host}:${PORT}`;
    const context = await browser.newContext({ baseURL: origin });
    const page = await context.newPage();
    // Signed out, the dashboard sends to sign-in on the same address.
    await page.goto(`${origin}/dashboard/payments`);
    await expect(page).toHaveURL(new RegExp(`^${origin.replace(/\./g, "\\.")}/sign-in\\?callbackUrl=`));
    await page.getByLabel("Email").fill(demo.email);
    await page.getByLabel("Password").fill(demo.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(`${origin}/dashboard/payments`);
    await page.goto(`${origin}/dashboard`);
    await expect(page).toHaveURL(`${origin}/dashboard`);
    await expect(page.getByTestId("business-name")).toHaveText("Demo Store");
    // Sign-out stays on this address too.
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(`${origin}/sign-in`);
    await context.close();
  }
});
