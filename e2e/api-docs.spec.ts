import { expect, test } from "@playwright/test";
import { createSecretKey, owoClient, signUp, uniqueEmail } from "./helpers";

test("GET /v1/openapi.json answers the OpenAPI 3.1 document without a key (the /v1 catch-all does not shadow it)", async ({ request }) => {
  const r = await request.get("/v1/openapi.json");
  expect(r.status()).toBe(200);
  expect(r.headers()["cache-control"]).toContain("public");
  const doc = await r.json();
  expect(doc.openapi).toBe("3.1.0");
  expect(doc.paths["/v1/checkout/transfer/balance"].get.operationId).toBe("getBalance");
});

test("/docs renders the reference from the document and tries an operation with a pasted test key", async ({ page, request }) => {
  await signUp(page, { business: "Docs Reader Ltd", email: uniqueEmail("docs"), password: "a-strong-password" });
  const secret = await createSecretKey(page);
  await owoClient(request, secret).fundSandboxWallet({ amount: 123_400 });

  await page.goto("/docs");
  await expect(page.getByRole("heading", { name: /Owo API/ })).toBeVisible();
  await page.getByLabel("Test API key").fill(secret);
  const card = page.locator("#op-getBalance");
  await card.getByRole("button", { name: /\/v1\/checkout\/transfer\/balance/ }).click();
  await expect(card).toContainText("WALLET_NOT_LINKED");
  await card.getByRole("button", { name: "Send GET" }).click();
  await expect(card).toContainText("Status 200");
  await expect(card).toContainText('"available_balance": 123400');
});

test("/docs renders descriptions as text with code marks (no raw backticks) and prefills Try it with realistic examples", async ({ page }) => {
  await page.goto("/docs");
  await expect(page.getByRole("heading", { name: /Owo API/ })).toBeVisible();
  const intro = page.locator("main header");
  await expect(intro.locator("code").first()).toBeVisible();
  expect(await intro.innerText()).not.toContain("`");
  expect(await page.locator("main").innerText()).not.toMatch(/supplement|api\.md|§/i);

  const card = page.locator("#op-initiateTransfer");
  await card
    .getByRole("button", { name: /\/v1\/checkout\/transfer/ })
    .first()
    .click();
  const body = await card.getByLabel("Request body (JSON)").inputValue();
  expect(JSON.parse(body)).toMatchObject({ type: "bank_transfer", bank_code: "058", amount: 1_250_000 });
  expect(body).not.toContain('"string"');
});
