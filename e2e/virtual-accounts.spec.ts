import { expect, test } from "@playwright/test";
import { signUp, uniqueEmail } from "./helpers";

test("create virtual accounts from the dashboard: a NUBAN at a partner bank, listed and filtered; the provider key never shows", async ({ page }) => {
  await signUp(page, { business: "Kemi Foods", email: uniqueEmail("va"), password: "a-strong-password" });

  await page.getByRole("link", { name: "Virtual accounts" }).click();
  await expect(page).toHaveURL(/\/dashboard\/virtual-accounts$/);
  await expect(page.getByTestId("virtual-accounts-empty")).toBeVisible();

  await page.getByTestId("new-virtual-account").click();
  await page.getByLabel("Amount (₦)").fill("1,500.50");
  await page.getByLabel("Valid for").selectOption({ label: "1 hour" });
  await page.getByLabel("Accept").selectOption("A0");
  await expect(page.getByTestId("create-virtual-account")).toHaveText("Create account for ₦1,500.50");
  await page.getByTestId("create-virtual-account").click();

  await expect(page).toHaveURL(/\/dashboard\/virtual-accounts\/va_/);
  await expect(page.getByTestId("va-amount")).toHaveText("₦1,500.50");
  await expect(page.getByTestId("va-status")).toHaveText(/pending/i);
  await expect(page.getByTestId("va-account-number")).toHaveText(/^\d{10}$/);
  await expect(page.getByTestId("va-bank-name")).toHaveText(/^(Wema|Providus|Sterling) Bank$/);
  await expect(page.getByText("Kemi Foods").first()).toBeVisible();
  await expect(page.getByText("Exactly the amount", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Copy account number" })).toBeVisible();
  // `provider` is deprecated and must not be displayed: the partner keys never appear as words.
  const body = (await page.locator("main").textContent())!;
  expect(body).not.toMatch(/\b(wema|providus|sterling)\b/);

  // A second account (default rule), then the list and its filter.
  await page.goto("/dashboard/virtual-accounts/new");
  await page.getByLabel("Amount (₦)").fill("200");
  await page.getByTestId("create-virtual-account").click();
  await expect(page).toHaveURL(/\/dashboard\/virtual-accounts\/va_/);

  await page.goto("/dashboard/virtual-accounts");
  await expect(page.getByTestId("virtual-account-row")).toHaveCount(2);
  await expect(page.getByTestId("virtual-accounts-total")).toContainText("2 virtual accounts");
  await page.getByTestId("va-status-filter").selectOption("pending");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/status=pending/);
  await expect(page.getByTestId("virtual-account-row")).toHaveCount(2);
  await page.goto("/dashboard/virtual-accounts?status=completed");
  await expect(page.getByTestId("virtual-accounts-empty")).toContainText("No completed virtual accounts");
});
