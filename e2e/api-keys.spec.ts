import { expect, test } from "@playwright/test";
import { activateSignedUp, signUp, uniqueEmail } from "./helpers";

test("create a key pair, see the secret once, call /v1 with it, revoke it and get 401", async ({ page, request }) => {
  await signUp(page, { business: "Keys Ltd", email: uniqueEmail("keys"), password: "a-strong-password" });
  await page.getByRole("link", { name: "API keys" }).click();
  await expect(page.getByTestId("keys-empty")).toBeVisible();

  await page.getByTestId("create-key").click();
  await page.getByLabel("Name").fill("Server key");
  await page.getByLabel("Allowed domains (public key)").fill("shop.example.com");
  await page.getByTestId("create-key-submit").click();

  const secret = (await page.getByTestId("new-secret-key").textContent())!;
  expect(secret).toMatch(/^sk_test_[0-9A-Za-z]{40}$/);
  const publicKey = (await page.getByTestId("new-public-key").textContent())!;
  expect(publicKey).toMatch(/^pk_test_/);
  await page.getByTestId("secret-saved").click();

  // Shown once: the list shows only a hint, never the whole secret.
  const row = page.getByTestId("key-row").first();
  await expect(row).toContainText("Server key");
  await expect(row.getByTestId("secret-hint")).toHaveText(`${secret.slice(0, 12)}…${secret.slice(-4)}`);
  await expect(page.locator("body")).not.toContainText(secret);
  await page.reload();
  await expect(page.locator("body")).not.toContainText(secret);

  const banks = await request.get("/v1/checkout/transfer/banks", { headers: { "x-api-key": secret } });
  expect(banks.status()).toBe(200);
  expect((await banks.json()).data.banks.length).toBeGreaterThan(10);

  const resolved = await request.post("/v1/checkout/transfer/banks/resolve", {
    headers: { authorization: `Bearer ${secret}` },
    data: { account_number: "0123456789", bank_code: "058" },
  });
  expect((await resolved.json()).data.account_name).toBeTruthy();

  await row.getByTestId("reveal-webhook-secret").click();
  await expect(page.getByTestId("webhook-secret")).toHaveText(/^whsec_/);
  await page.getByRole("button", { name: "Done" }).click();

  await row.getByTestId("revoke-key").click();
  await page.getByTestId("confirm-revoke").click();
  await expect(row).toContainText(/revoked/i);

  const after = await request.get("/v1/checkout/transfer/banks", { headers: { "x-api-key": secret } });
  expect(after.status()).toBe(401);
  expect(await after.json()).toMatchObject({ success: false, error: { code: "HTTP_ERROR", message: "Invalid API key" } });
});

test("rolling a secret shows the new one once; the old one stops working", async ({ page, request }) => {
  await signUp(page, { business: "Roll Co", email: uniqueEmail("roll"), password: "a-strong-password" });
  await page.goto("/dashboard/developers");
  await page.getByTestId("create-key").click();
  await page.getByTestId("create-key-submit").click();
  const oldSecret = (await page.getByTestId("new-secret-key").textContent())!;
  await page.getByTestId("secret-saved").click();

  await page.getByTestId("roll-key").click();
  await page.getByTestId("confirm-roll").click();
  const newSecret = (await page.getByTestId("rolled-secret-key").textContent())!;
  expect(newSecret).not.toBe(oldSecret);
  await page.getByTestId("secret-saved").click();

  expect((await request.get("/v1/checkout/transfer/banks", { headers: { "x-api-key": oldSecret } })).status()).toBe(401);
  expect((await request.get("/v1/checkout/transfer/banks", { headers: { "x-api-key": newSecret } })).status()).toBe(200);
});

test("a live webhook URL must be https: the form shows the server's validation error", async ({ page, browser }) => {
  const business = `Live Hooks ${Date.now()}`;
  await signUp(page, { business, email: uniqueEmail("live"), password: "a-strong-password" });
  await activateSignedUp(page, browser, business);
  await page.goto("/dashboard/developers");
  await page.getByTestId("mode-switch").click();
  await expect(page.getByTestId("dashboard-header")).toHaveAttribute("data-mode", "live");
  await expect(page.getByText("Test data")).toHaveCount(0);

  await page.getByTestId("create-key").click();
  await page.getByLabel("Webhook URL").fill("http://example.com/hook");
  await page.getByTestId("create-key-submit").click();
  await expect(page.getByTestId("create-key-error")).toContainText("webhook_url must use https in live mode");
});

test("the mode switch scopes keys: a test key is not listed in live mode", async ({ page, browser }) => {
  const business = `Mode Scope ${Date.now()}`;
  await signUp(page, { business, email: uniqueEmail("mode"), password: "a-strong-password" });
  await activateSignedUp(page, browser, business);
  await page.goto("/dashboard/developers");
  await page.getByTestId("create-key").click();
  await page.getByTestId("create-key-submit").click();
  await page.getByTestId("secret-saved").click();
  await expect(page.getByTestId("key-row")).toHaveCount(1);

  await page.getByTestId("mode-switch").click();
  await expect(page.getByTestId("dashboard-header")).toHaveAttribute("data-mode", "live");
  await expect(page.getByTestId("keys-empty")).toBeVisible();

  await page.getByTestId("mode-switch").click();
  await expect(page.getByTestId("dashboard-header")).toHaveAttribute("data-mode", "test");
  await expect(page.getByTestId("key-row")).toHaveCount(1);
});
