import { expect, test } from "@playwright/test";
import { createSecretKey, signInDemo } from "./helpers";

// Developers → API request logs, on the seeded demo business (test mode): calls made with a
// new test key show up with their status and correlation id, filtered by key and status class.
const run = Date.now().toString(36);

test("API calls with a test key are listed in the dashboard's API request logs with method, path, status and correlation id, filterable by key and status class", async ({
  page,
  request,
  context,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await signInDemo(page, "business");
  await expect(page).toHaveURL(/\/dashboard$/);

  const secret = await createSecretKey(page, { name: `Logs key ${run}` });

  const headers = { "x-api-key": secret };
  const ok = await request.get("/v1/checkout/transfer/banks", { headers });
  const invalid = await request.get("/v1/events?page=0", { headers });
  const missing = await request.get("/v1/nowhere", { headers });
  expect([ok.status(), invalid.status(), missing.status()]).toEqual([200, 400, 404]);
  const ids = [ok, invalid, missing].map((r) => r.headers()["x-correlation-id"]!);

  await page.getByRole("link", { name: "API request logs" }).click();
  await expect(page).toHaveURL(/\/dashboard\/developers\/logs$/);
  await expect(page.getByRole("heading", { name: "API request logs" })).toBeVisible();

  // This key only: its three calls, newest first (rows are written within a second).
  await page.getByTestId("request-logs-key").selectOption({ label: `Logs key ${run} (${secret.slice(0, 12)}…)` });
  await page.getByRole("button", { name: "Filter" }).click();
  const rows = page.getByTestId("request-log-row");
  await expect(async () => {
    await page.reload();
    await expect(rows).toHaveCount(3, { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await expect(rows.getByTestId("request-correlation-id")).toHaveText([ids[2]!, ids[1]!, ids[0]!]);
  await expect(rows.getByTestId("request-status")).toHaveText(["404", "400", "200"]);
  await expect(rows.nth(0)).toContainText("/v1/nowhere");
  await expect(rows.nth(2)).toContainText("GET");
  await expect(rows.nth(2)).toContainText("/v1/checkout/transfer/banks");
  await expect(page.locator("body")).not.toContainText(secret);

  // The correlation id copies as it is shown.
  await rows.nth(2).getByRole("button", { name: "Copy correlation id" }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(ids[0]);

  // Status class 4xx: the two failures only.
  await page.getByTestId("request-logs-status").selectOption("4xx");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(rows.getByTestId("request-status")).toHaveText(["404", "400"]);
  // 5xx: none, and the empty state says so.
  await page.getByTestId("request-logs-status").selectOption("5xx");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page.getByTestId("request-logs-empty")).toContainText("No API requests match these filters");
});
