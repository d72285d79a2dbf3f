import { expect, test, type APIRequestContext, type Browser } from "@playwright/test";
import { createSecretKey, signUp, uniqueEmail } from "./helpers";

// Issue 26 item 1: every hosted page follows its record from the moment it is shown. Money
// sent from outside the page (here: the sandbox bank through the API, as a customer's bank app
// would) moves the checkout, the invoice page and the PayID page to paid with no click.
// (The inline overlay's onSuccess: e2e/inline-checkout.spec.ts.) The goal is 2 s; the pages
// hear it through LISTEN/NOTIFY within milliseconds, and these checks allow for a loaded CI.
const NOTICED_WITHIN = 5_000;

let secretKey = "";

test.beforeAll(async ({ browser, baseURL }) => {
  const page = await browser.newPage({ baseURL });
  await signUp(page, { business: "Live Status Foods", email: uniqueEmail("live"), password: "a-strong-password" });
  secretKey = await createSecretKey(page);
  await page.close();
});

async function api<T>(request: APIRequestContext, path: string, data: unknown): Promise<T> {
  const res = await request.post(path, { headers: { "x-api-key": secretKey }, data });
  expect(res.status(), `${path}: ${await res.text()}`).toBeLessThan(300);
  return ((await res.json()) as { data: T }).data;
}

/** Money from a bank app, not from this page: the sandbox bank pays the target. */
const payFromOutside = (request: APIRequestContext, target: Record<string, unknown>) => api(request, "/v1/sandbox/payments", target);

async function phone(browser: Browser, baseURL: string | undefined, width: number) {
  const context = await browser.newContext({ baseURL, viewport: { width, height: width < 640 ? 740 : 900 } });
  return { context, page: await context.newPage() };
}

for (const width of [1280, 375]) {
  test(`checkout at ${width} px: a transfer to its account moves it to paid with no click`, async ({ browser, baseURL, request }) => {
    const session = await api<{ session_id: string; checkout_url: string }>(request, "/v1/checkout/session/initialize", {
      amount: 250_000,
      email: "ada@e2e.example.com",
    });
    const { context, page } = await phone(browser, baseURL, width);
    await page.goto(new URL(session.checkout_url).pathname);
    await page.getByTestId("method-bank_transfer").click();
    const account = (await page.getByTestId("account-number").textContent())!.trim();
    await payFromOutside(request, { account_number: account, amount: 250_000 });
    await expect(page.getByTestId("checkout-outcome")).toHaveAttribute("data-status", "completed", { timeout: NOTICED_WITHIN });
    await context.close();
  });

  test(`invoice page at ${width} px: a payment made elsewhere shows as received with no click`, async ({ browser, baseURL, request }) => {
    const invoice = await api<{ public_id: string }>(request, "/v1/checkout/invoice", {
      customer_name: "Chidi Eze",
      customer_email: "chidi@e2e.example.com",
      line_items: [{ description: "Catering", quantity: 1, unit_price: 450_000 }],
      due_date: new Date(Date.now() + 7 * 864e5).toISOString().slice(0, 10),
      send: true,
    });
    const { context, page } = await phone(browser, baseURL, width);
    await page.goto(`/i/${invoice.public_id}`);
    await expect(page.getByTestId("invoice-receipt")).toHaveCount(0);
    await payFromOutside(request, { invoice_id: invoice.public_id, channel: "bank_transfer", amount: 450_000 });
    await expect(page.getByTestId("invoice-receipt")).toBeVisible({ timeout: NOTICED_WITHIN });
    await context.close();
  });

  test(`PayID page at ${width} px: a one-off PayID paid from a bank app shows paid with no click`, async ({ browser, baseURL, request }) => {
    const payId = await api<{ full_pay_id: string }>(request, "/v1/checkout/dynamic-payid", { amount: 1_200, amount_validation: "A0", name: "Jollof tray" });
    const { context, page } = await phone(browser, baseURL, width);
    await page.goto(`/p/${payId.full_pay_id}?mode=test`);
    await expect(page.getByTestId("payid-instructions")).toBeVisible();
    await payFromOutside(request, { pay_id: payId.full_pay_id, amount: 120_000 });
    await expect(page.getByTestId("payid-paid-notice")).toBeVisible({ timeout: NOTICED_WITHIN });
    await expect(page.getByTestId("payid-instructions")).toHaveCount(0);
    await context.close();
  });
}
