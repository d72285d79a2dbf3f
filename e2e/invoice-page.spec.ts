import { devices, expect, test, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import { createSecretKey, signUp, uniqueEmail } from "./helpers";

// The hosted invoice page (payment_url, /i/<public_id>) as a customer opens it: a phone-sized
// Chromium context with no dashboard cookies. Invoices are made through /v1 with a test key.
const { deviceScaleFactor, isMobile, hasTouch, userAgent } = devices["iPhone 13"];
const NARROW = { width: 320, height: 640 };

let secret = "";

test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage();
  await signUp(page, { business: "Ade Tailoring", email: uniqueEmail("invoice-page"), password: "a-strong-password" });
  secret = await createSecretKey(page, { webhookUrl: "http://127.0.0.1:9/unreachable" });
  await page.close();
});

/**
 * A customer's phone, 320 px wide: the narrowest the page must read well at. `problems`
 * collects the browser's errors (a hydration mismatch, an exception) for the test to check.
 */
async function phone(browser: Browser) {
  const context = await browser.newContext({ viewport: NARROW, deviceScaleFactor, isMobile, hasTouch, userAgent });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on("pageerror", (e) => problems.push(e.message));
  page.on("console", (m) => {
    if (m.type() === "error") problems.push(m.text());
  });
  return { context, page, problems };
}

function api(request: APIRequestContext) {
  return async (path: string, data?: unknown) => {
    const headers = { "x-api-key": secret };
    const r = data === undefined ? await request.get(path, { headers }) : await request.post(path, { headers, data });
    expect(r.status(), await r.text()).toBe(200);
    return (await r.json()).data;
  };
}

/** YYYY-MM-DD in Lagos, `days` from today. */
function lagosDate(days = 0): string {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Africa/Lagos" }).format(new Date());
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** ₦10,000 + ₦2,500 of items, 7.5% tax: total ₦13,437.50. */
const ITEMS = [
  { description: "Agbada, hand-stitched", quantity: 2, unit_price: 500_000 },
  { description: "Alterations", quantity: 1, unit_price: 250_000 },
];

async function createInvoice(request: APIRequestContext, extra: Record<string, unknown> = {}) {
  return api(request)("/v1/checkout/invoice", {
    customer_name: "Chiamaka Eze",
    customer_email: "chiamaka@e2e.example.com",
    line_items: ITEMS,
    tax_rate: 7.5,
    due_date: lagosDate(14),
    note: "Thank you for your custom.",
    send: true,
    ...extra,
  });
}

/** Nothing sticks out sideways (readable without horizontal scrolling). */
async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(NARROW.width);
}

test("a customer on a 320 px phone pays a partial-payment invoice in two simulated payments, bank transfer then PayID, and gets a receipt listing both", async ({
  browser,
  request,
}) => {
  const invoice = await createInvoice(request, { allow_partial_payments: true });
  expect(invoice.payment_url).toMatch(/\/i\/inv_/);
  const { context, page, problems } = await phone(browser);
  await page.goto(invoice.payment_url);

  await expect(page.getByTestId("test-mode-banner")).toBeVisible();
  await expect(page.getByTestId("invoice-merchant-name")).toHaveText("Ade Tailoring");
  await expect(page.getByTestId("invoice-number")).toHaveText(invoice.invoice_number);
  await expect(page.getByTestId("invoice-status")).toHaveText("Sent");
  await expect(page.getByTestId("invoice-customer")).toHaveText("Chiamaka Eze");
  await expect(page.getByTestId("invoice-line-item")).toHaveCount(2);
  await expect(page.getByTestId("invoice-line-items")).toContainText("Agbada, hand-stitched");
  await expect(page.getByTestId("invoice-line-items")).toContainText("₦10,000.00");
  await expect(page.getByTestId("invoice-subtotal")).toHaveText("₦12,500.00");
  await expect(page.getByTestId("invoice-tax")).toHaveText("₦937.50");
  await expect(page.getByText("Tax (7.5%)")).toBeVisible();
  await expect(page.getByTestId("invoice-total")).toHaveText("₦13,437.50");
  await expect(page.getByTestId("invoice-amount-paid")).toHaveText("₦0.00");
  await expect(page.getByTestId("invoice-amount-remaining")).toHaveText("₦13,437.50");
  await expect(page.getByTestId("invoice-note")).toHaveText("Thank you for your custom.");
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).fontSize)).toBe("16px");

  // The amount starts at what is owed; the customer pays ₦5,000 of it by bank transfer.
  const amount = page.getByTestId("invoice-pay-amount");
  await expect(amount).toHaveValue("13437.50");
  await amount.fill("20000");
  await expect(page.getByTestId("invoice-amount-error")).toContainText("at most ₦13,437.50");
  await amount.fill("5,000");
  await page.getByTestId("invoice-method-bank_transfer").click();
  await expect(page.getByTestId("invoice-account-number")).toHaveText(/^\d{10}$/);
  await expect(page.getByTestId("invoice-bank-name")).not.toBeEmpty();
  await expect(page.getByTestId("invoice-account-name")).toHaveText("Ade Tailoring");
  await expect(page.getByTestId("invoice-send-amount")).toHaveText("₦5,000.00");
  await expect(page.getByTestId("countdown")).toHaveText(/^(59|1:00):\d\d$/);
  await expectNoSidewaysScroll(page);

  await page.getByTestId("invoice-simulate").click();
  await expect(page.getByTestId("invoice-payment-received")).toContainText("₦5,000.00");
  await expect(page.getByTestId("invoice-amount-paid")).toHaveText("₦5,000.00");
  await expect(page.getByTestId("invoice-amount-remaining")).toHaveText("₦8,437.50");
  await expect(page.getByTestId("invoice-status")).toHaveText("Partial");
  await expect(amount).toHaveValue("8437.50");
  await expect(page.getByTestId("invoice-payment")).toHaveCount(1);

  // The rest by PayID: a handle with its QR code, simulated for the remaining amount.
  await page.getByTestId("invoice-method-payid").click();
  await expect(page.getByTestId("invoice-payid")).toHaveText(/\.dypid$/);
  await expect(page.getByTestId("qr-code").locator("svg")).toBeVisible();
  await expect(page.getByTestId("invoice-send-amount")).toHaveText("₦8,437.50");
  await expectNoSidewaysScroll(page);
  await page.getByTestId("invoice-simulate").click();

  const receipt = page.getByTestId("invoice-receipt");
  await expect(receipt).toBeVisible();
  await expect(page.getByTestId("invoice-status")).toHaveText("Paid");
  await expect(page.getByTestId("invoice-amount-paid")).toHaveText("₦13,437.50");
  await expect(page.getByTestId("invoice-amount-remaining")).toHaveText("₦0.00");
  const rows = receipt.getByTestId("invoice-payment");
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0).getByTestId("invoice-payment-amount")).toHaveText("₦5,000.00");
  await expect(rows.nth(0).getByTestId("invoice-payment-channel")).toHaveText("Bank transfer");
  await expect(rows.nth(1).getByTestId("invoice-payment-amount")).toHaveText("₦8,437.50");
  await expect(rows.nth(1).getByTestId("invoice-payment-channel")).toHaveText("PayID");
  await expect(rows.nth(0).getByTestId("invoice-payment-reference")).not.toBeEmpty();
  await expect(page.getByTestId("invoice-print")).toBeVisible();
  await expect(page.getByTestId("invoice-method-bank_transfer")).toHaveCount(0);
  await expectNoSidewaysScroll(page);

  // The API agrees, and a fresh visit shows the receipt.
  const after = await api(request)(`/v1/checkout/invoice/${invoice.public_id}`);
  expect(after).toMatchObject({ status: "paid", amount_paid: 1_343_750, amount_remaining: 0 });
  await page.reload();
  await expect(page.getByTestId("invoice-receipt").getByTestId("invoice-payment")).toHaveCount(2);
  expect(problems).toEqual([]);
  await context.close();
});

test("an invoice without partial payments asks for the exact remaining amount (no amount field); 'I've sent the money' waits and shows the receipt when the transfer lands", async ({
  browser,
  request,
}) => {
  const invoice = await createInvoice(request, { allow_partial_payments: false, tax_rate: 0 });
  const { context, page } = await phone(browser);
  await page.goto(invoice.payment_url);
  await expect(page.getByTestId("invoice-total")).toHaveText("₦12,500.00");
  await expect(page.getByTestId("invoice-pay-exact")).toHaveText("₦12,500.00");
  await expect(page.getByTestId("invoice-pay-amount")).toHaveCount(0);

  await page.getByTestId("invoice-method-bank_transfer").click();
  const accountNumber = (await page.getByTestId("invoice-account-number").textContent())!;
  expect(accountNumber).toMatch(/^\d{10}$/);
  await expect(page.getByTestId("invoice-send-amount")).toHaveText("₦12,500.00");
  await page.getByTestId("invoice-sent-money").click();
  await expect(page.getByTestId("invoice-checking")).toBeVisible();

  // The customer's bank sends the money to that account number (the sandbox bank, outside the page).
  await api(request)("/v1/sandbox/payments", { account_number: accountNumber, amount: 1_250_000, payer: { name: "Chiamaka Eze" } });
  await expect(page.getByTestId("invoice-receipt")).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId("invoice-status")).toHaveText("Paid");
  await expect(page.getByTestId("invoice-amount-paid")).toHaveText("₦12,500.00");
  await expect(page.getByTestId("invoice-payment-channel")).toHaveText("Bank transfer");
  await context.close();
});

test("a paused invoice shows that it is paused and offers no way to pay; resumed, it is payable again", async ({ browser, request }) => {
  const invoice = await createInvoice(request);
  await api(request)(`/v1/checkout/invoice/${invoice.public_id}/pause`, {});
  const { context, page } = await phone(browser);
  await page.goto(invoice.payment_url);
  await expect(page.getByTestId("invoice-status")).toHaveText("Paused");
  await expect(page.getByTestId("invoice-closed")).toContainText("paused");
  await expect(page.getByTestId("invoice-method-bank_transfer")).toHaveCount(0);
  await expect(page.getByTestId("invoice-method-payid")).toHaveCount(0);
  await expect(page.getByTestId("invoice-total")).toHaveText("₦13,437.50");

  await api(request)(`/v1/checkout/invoice/${invoice.public_id}/resume`, {});
  await page.reload();
  await expect(page.getByTestId("invoice-status")).toHaveText("Sent");
  await expect(page.getByTestId("invoice-closed")).toHaveCount(0);
  await expect(page.getByTestId("invoice-method-bank_transfer")).toBeVisible();
  await context.close();
});

test("a cancelled invoice shows that it was cancelled and offers no way to pay", async ({ browser, request }) => {
  const invoice = await createInvoice(request);
  await api(request)(`/v1/checkout/invoice/${invoice.public_id}/cancel`, {});
  const { context, page } = await phone(browser);
  await page.goto(invoice.payment_url);
  await expect(page.getByTestId("invoice-status")).toHaveText("Cancelled");
  await expect(page.getByTestId("invoice-closed")).toContainText("cancelled");
  await expect(page.getByTestId("invoice-method-bank_transfer")).toHaveCount(0);
  await expect(page.getByTestId("invoice-simulate")).toHaveCount(0);
  await context.close();
});

test("a draft invoice says it has not been issued yet and shows no amounts", async ({ browser, request }) => {
  const invoice = await createInvoice(request, { send: false });
  const { context, page } = await phone(browser);
  await page.goto(invoice.payment_url);
  await expect(page.getByTestId("invoice-closed")).toContainText("This invoice has not been issued yet");
  await expect(page.getByTestId("invoice-status")).toHaveText("Draft");
  await expect(page.getByTestId("invoice-total")).toHaveCount(0);
  await expect(page.getByTestId("invoice-method-payid")).toHaveCount(0);
  await context.close();
});

test("an overdue invoice is shown as overdue and can still be paid; a part payment leaves it overdue", async ({ browser, request }) => {
  const invoice = await createInvoice(request, { allow_partial_payments: true, due_date: lagosDate(0) });
  await api(request)("/v1/sandbox/expire", { resource: "invoice", id: invoice.public_id });
  const { context, page } = await phone(browser);
  await page.goto(invoice.payment_url);
  await expect(page.getByTestId("invoice-status")).toHaveText("Overdue");
  await expect(page.getByTestId("invoice-overdue")).toContainText("overdue");
  await expect(page.getByTestId("invoice-closed")).toHaveCount(0);

  await page.getByTestId("invoice-pay-amount").fill("1000");
  await page.getByTestId("invoice-method-payid").click();
  await expect(page.getByTestId("invoice-payid")).toHaveText(/\.dypid$/);
  await page.getByTestId("invoice-simulate").click();
  await expect(page.getByTestId("invoice-amount-paid")).toHaveText("₦1,000.00");
  await expect(page.getByTestId("invoice-amount-remaining")).toHaveText("₦12,437.50");
  await expect(page.getByTestId("invoice-status")).toHaveText("Overdue");
  await expectNoSidewaysScroll(page);
  await context.close();
});

test("an unknown invoice link shows a plain not-found page", async ({ browser }) => {
  const { context, page } = await phone(browser);
  const r = await page.goto("/i/inv_doesnotexist000");
  expect(r?.status()).toBe(404);
  await expect(page.getByTestId("not-found-title")).toHaveText("Invoice not found");
  await context.close();
});
