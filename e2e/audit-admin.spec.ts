import { expect, test } from "@playwright/test";
import { signInDemo, signUp, uniqueEmail } from "./helpers";

test("an owner changes a key's webhook URL in the dashboard; the change is in their audit log with before and after, and an admin sees it in the merchant's audit log", async ({
  page,
  browser,
  baseURL,
}) => {
  const business = `Hook Audit ${Date.now()}`;
  const email = uniqueEmail("hookaudit");
  await signUp(page, { business, email, password: "a-strong-password" });
  await page.goto("/dashboard/developers");
  await page.getByTestId("create-key").click();
  await page.getByTestId("create-key-submit").click();
  await page.getByTestId("secret-saved").click();

  const row = page.getByTestId("key-row").first();
  await expect(row).toContainText("Not set");
  await row.getByTestId("edit-webhook-url").click();
  await page.getByTestId("webhook-url-input").fill("http://127.0.0.1:9/owo-hooks");
  await page.getByTestId("webhook-url-save").click();
  await expect(row).toContainText("http://127.0.0.1:9/owo-hooks");

  await page.goto("/dashboard/settings/audit-log");
  const entry = page.locator('[data-testid="audit-row"][data-action="api_key.webhook_url_changed"]');
  await expect(entry).toHaveCount(1);
  await expect(entry.getByTestId("audit-actor")).toContainText(email);
  await expect(entry.getByTestId("audit-changes")).toContainText("http://127.0.0.1:9/owo-hooks");

  const admin = await (await browser.newContext({ baseURL })).newPage();
  await signInDemo(admin, "admin");
  await expect(admin).toHaveURL(/\/admin$/);
  await admin.getByRole("link", { name: business, exact: true }).click();
  await admin.getByTestId("admin-merchant-audit").click();
  const seen = admin.locator('[data-testid="audit-row"][data-action="api_key.webhook_url_changed"]');
  await expect(seen).toHaveCount(1);
  await expect(seen.getByTestId("audit-actor")).toContainText(email);
  await admin.context().close();
});
