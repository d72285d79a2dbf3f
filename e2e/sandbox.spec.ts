import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { createSecretKey, seriousAxeViolations, signInDemo } from "./helpers";

// Issue 18 item 5: "Simulate a payment" on every virtual account, static account, dynamic and
// static PayID and invoice page, in test mode only. Each kind is made through the API on the
// demo business (static accounts enabled by the seed), paid from its page at 1280 and 375 px
// (no sideways scroll, no serious axe violation), and the page then shows the payment. In live
// mode the control is not there.

// Each test signs in, pays and scans the page twice with axe: more than the default minute on a busy machine.
test.describe.configure({ mode: "serial", timeout: 240_000 });

let secret = "";
let staticAccountUrl = "";
const WIDTHS = [1280, 375] as const;

async function api(request: APIRequestContext, path: string, data: unknown) {
  const r = await request.fetch(path, { method: "POST", headers: { "x-api-key": secret }, data });
  const body = await r.json();
  expect(r.status(), JSON.stringify(body)).toBe(200);
  return body.data;
}

const tag = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const dueIn = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** A fresh record of each kind: its dashboard page and what the payment shows up as there. */
const RECORDS: { kind: string; make: (request: APIRequestContext) => Promise<string>; amount: string }[] = [
  {
    kind: "virtual account",
    amount: "2500",
    make: async (request) => `/dashboard/virtual-accounts/${(await api(request, "/v1/checkout/virtual-account", { amount: "2500.00" })).public_id}`,
  },
  {
    kind: "static account",
    amount: "1800.50",
    // One account for both widths (it takes any number of payments; creates are rate-limited per hour).
    make: async (request) =>
      (staticAccountUrl ||= `/dashboard/static-accounts/${(await api(request, "/v1/checkout/static-account", { customer_name: "Sade Bello", identity_type: "bvn", identity_number: "22212345678", reference: `sbx-${tag()}` })).id}`),
  },
  {
    kind: "dynamic PayID",
    amount: "700",
    make: async (request) => `/dashboard/payids/dynamic/${(await api(request, "/v1/checkout/dynamic-payid", { amount: 700 })).id}`,
  },
  {
    kind: "static PayID",
    amount: "950",
    make: async (request) =>
      `/dashboard/payids/static/${(await api(request, "/v1/checkout/static-payid", { pay_id: `sbx${tag()}`.slice(0, 20), suffix: ".spid", name: "Sandbox till" })).id}`,
  },
  {
    kind: "invoice",
    amount: "1200",
    make: async (request) =>
      `/dashboard/invoices/${(await api(request, "/v1/checkout/invoice", { customer_name: "Tola Ade", customer_email: "tola@example.com", line_items: [{ description: "Cake", quantity: 1, unit_price: 120_000 }], due_date: dueIn(7), send: true })).public_id}`,
  },
];

async function checkPage(page: Page, where: string) {
  const overflow = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
  expect.soft(overflow.scroll, `${where} scrolls sideways`).toBeLessThanOrEqual(overflow.inner);
  // The scan is of the page, not of the "Payment received" toast caught mid-animation (axe
  // reads its fading-in text as low contrast): the toaster is left out rather than waited for.
  const bad = await seriousAxeViolations(page, { exclude: "[data-sonner-toaster]" });
  expect.soft(bad, `${where}: axe serious/critical`).toEqual([]);
}

test("setup: a test key on the demo business", async ({ page }) => {
  await signInDemo(page, "business");
  await expect(page).toHaveURL(/\/dashboard$/);
  secret = await createSecretKey(page);
  expect(secret).toMatch(/^sk_test_/);
});

for (const width of WIDTHS) {
  for (const record of RECORDS) {
    test(`at ${width} px: ${/^[aeiou]/i.test(record.kind) ? "an" : "a"} ${record.kind} page pays through "Simulate a payment" and then shows the payment`, async ({
      page,
      request,
    }) => {
      const url = await record.make(request);
      await signInDemo(page, "business");
      await expect(page).toHaveURL(/\/dashboard$/);
      await page.setViewportSize({ width, height: width < 768 ? 812 : 900 });
      await page.goto(url);
      const panel = page.getByTestId("sandbox-panel");
      await expect(panel).toBeVisible();

      await panel.getByTestId("simulate-payment").click();
      const dialog = page.getByRole("dialog", { name: "Simulate a payment" });
      await expect(dialog).toBeVisible();
      await checkPage(page, `${record.kind} simulate dialog at ${width} px`);
      await dialog.getByLabel("Amount (₦)").fill(record.amount);
      await dialog.getByLabel("Payer's name").fill(`Payer ${width}`);
      await dialog.getByTestId("confirm-simulate").click();
      await expect(dialog).toBeHidden();

      const naira = `₦${Number(record.amount).toLocaleString("en-NG", { minimumFractionDigits: 2 })}`;
      const paid = page.getByTestId("simulated-payment");
      await expect(paid).toContainText(naira);
      // The page's own payments show it, with the payer's name, after the refresh.
      await expect(page.locator("main")).toContainText(`Payer ${width}`);
      await checkPage(page, `${record.kind} page after paying at ${width} px`);

      // The link opens the payment itself.
      await paid.getByRole("link").click();
      await expect(page).toHaveURL(/\/dashboard\/payments\//);
      await expect(page.getByTestId("payment-amount")).toHaveText(naira);
      await expect(page.getByTestId("payment-status")).toContainText(/completed/i);
    });
  }
}

test("a wrong amount is refused next to the field and nothing is paid", async ({ page, request }) => {
  const url = await RECORDS[3]!.make(request);
  await signInDemo(page, "business");
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(url);
  await page.getByTestId("simulate-payment").click();
  const dialog = page.getByRole("dialog", { name: "Simulate a payment" });
  await dialog.getByLabel("Amount (₦)").fill("12.345");
  await dialog.getByTestId("confirm-simulate").click();
  await expect(dialog).toContainText("Use at most two decimals (kobo)");
  await expect(dialog.getByLabel("Amount (₦)")).toHaveValue("12.345");
});

test("live mode has no sandbox control on a record's page", async ({ page }) => {
  await signInDemo(page, "business");
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByTestId("mode-switch").click();
  await expect(page.getByTestId("dashboard-header")).toHaveAttribute("data-mode", "live");
  // A live record of each kind needs a live key; the static PayID is the one a live key can make at once.
  await page.goto("/dashboard/developers");
  const liveSecret = await createSecretKey(page);
  expect(liveSecret).toMatch(/^sk_live_/);
  const r = await page.request.fetch("/v1/checkout/static-payid", {
    method: "POST",
    headers: { "x-api-key": liveSecret },
    data: { pay_id: `live${tag()}`.slice(0, 20), suffix: ".spid", name: "Live till" },
  });
  expect(r.status()).toBe(200);
  const live = (await r.json()).data;
  await page.goto(`/dashboard/payids/static/${live.id}`);
  await expect(page.getByTestId("payid-full")).toBeVisible();
  await expect(page.getByTestId("sandbox-panel")).toHaveCount(0);
  await expect(page.getByTestId("simulate-payment")).toHaveCount(0);
});
