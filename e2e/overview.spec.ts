import { expect, test, type Page } from "@playwright/test";
import { createSecretKey, signInDemo } from "./helpers";

/** `₦12,500.50` → 1250050 kobo. */
const kobo = (text: string) => Math.round(Number(text.replace(/[^\d.]/g, "")) * 100);
const countOf = (text: string) => Number(/\d+/.exec(text.replace(/,/g, ""))![0]);

async function todayFigures(page: Page) {
  await page.goto("/dashboard");
  return {
    amount: kobo((await page.getByTestId("collected-today-amount").textContent())!),
    count: countOf((await page.getByTestId("collected-today-count").textContent())!),
  };
}

async function setMode(page: Page, mode: "test" | "live") {
  const header = page.getByTestId("dashboard-header");
  if ((await header.getAttribute("data-mode")) !== mode) {
    await page.getByTestId("mode-switch").click();
    await expect(header).toHaveAttribute("data-mode", mode);
  }
}

async function signedIn(page: Page) {
  await signInDemo(page, "business");
  await expect(page).toHaveURL(/\/dashboard$/);
}

async function noSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
}

test("the overview's today figures are what was paid, in test mode only; the Balance page shows the statement", async ({ page, request }) => {
  await signedIn(page);
  await setMode(page, "live");
  const liveBefore = await todayFigures(page);
  await setMode(page, "test");
  const before = await todayFigures(page);
  const handle = (await page.getByTestId("wallet-payid").textContent())!.replace("@", "");
  const secret = await createSecretKey(page, { name: "overview e2e" });

  const amounts = [1_234_50, 50_000_00];
  for (const amount of amounts) {
    const paid = await request.post("/v1/sandbox/payments", {
      headers: { "x-api-key": secret },
      data: { pay_id: `@${handle}`, amount, payer: { name: "Overview Payer" } },
    });
    expect(paid.status()).toBe(200);
  }

  const after = await todayFigures(page);
  expect(after).toEqual({ amount: before.amount + 1_234_50 + 50_000_00, count: before.count + 2 });
  await expect(page.getByTestId("volume-chart")).toBeVisible();
  await expect(page.getByTestId("recent-payment").first()).toContainText("Overview Payer");
  await expect(page.getByTestId("recent-payment").first()).toContainText("₦50,000.00");
  await expect(page.getByTestId("recent-payment").first()).toContainText(/completed/i);
  await expect(page.getByTestId("checkout-conversion")).toBeVisible();
  await expect(page.getByTestId("pending-settlement")).toBeVisible();
  await expect(page.getByTestId("attention")).toBeVisible();

  await setMode(page, "live");
  expect(await todayFigures(page)).toEqual(liveBefore);
  await setMode(page, "test");

  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Balance" }).first().click();
  await expect(page).toHaveURL(/\/dashboard\/balance$/);
  const newest = page.getByTestId("statement-line").first();
  await expect(newest).toContainText("Overview Payer");
  await expect(newest).toContainText("+₦50,000.00");
  await expect(newest).not.toContainText("pay_");
});

for (const width of [1280, 375]) {
  test(`overview and Balance have no sideways scroll at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await signedIn(page);
    await expect(page.getByTestId("collected-today-amount")).toBeVisible();
    await noSidewaysScroll(page);
    await page.goto("/dashboard/balance");
    await expect(page.getByTestId("wallet-balance")).toBeVisible();
    await noSidewaysScroll(page);
  });
}
