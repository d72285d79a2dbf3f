import { expect, test } from "@playwright/test";
import { activateSignedUp, signUp, uniqueEmail } from "./helpers";

test("fund the test wallet from the Balance page: the balance and the statement show it", async ({ page }) => {
  await signUp(page, { business: "Fund Me Ltd", email: uniqueEmail("fund"), password: "a-strong-password" });
  await page.goto("/dashboard/balance");
  await expect(page.getByTestId("statement-empty")).toBeVisible();

  await page.getByLabel("Amount in naira").fill("12500.50");
  await page.getByTestId("fund-wallet").click();
  await expect(page.getByTestId("wallet-balance")).toHaveText("₦12,500.50");
  await expect(page.getByTestId("statement-line")).toHaveCount(1);
  await expect(page.getByTestId("statement-line").first()).toContainText("+₦12,500.50");

  await page.getByLabel("Amount in naira").fill("1000");
  await page.getByTestId("fund-wallet").click();
  await expect(page.getByTestId("wallet-balance")).toHaveText("₦13,500.50");
  const newest = page.getByTestId("statement-line").first();
  await expect(newest).toContainText("+₦1,000.00");
  await expect(newest).toContainText("₦13,500.50");
});

test("live mode has no fund control and its own (empty) balance", async ({ page, browser }) => {
  const business = `Live Balance ${Date.now()}`;
  await signUp(page, { business, email: uniqueEmail("livebal"), password: "a-strong-password" });
  // Live mode opens once the business is activated (supplement §13).
  await activateSignedUp(page, browser, business);
  await page.goto("/dashboard");
  await page.getByLabel("Amount in naira").fill("500");
  await page.getByTestId("fund-wallet").click();
  await expect(page.getByTestId("wallet-balance")).toHaveText("₦500.00");
  await page.getByTestId("mode-switch").click();
  await expect(page.getByTestId("dashboard-header")).toHaveAttribute("data-mode", "live");
  await expect(page.getByTestId("wallet-balance")).toHaveText("₦0.00");
  await expect(page.getByTestId("fund-wallet")).toHaveCount(0);
});
