import { devices, expect, test, type Browser, type Page } from "@playwright/test";
import { createSecretKey, owoClient, signUp, uniqueEmail, hydrated } from "./helpers";

// Customers pay from phones: the hosted pages are driven in a phone-sized Chromium context
// with no dashboard cookies, as a customer would open checkout_url.
const { viewport, deviceScaleFactor, isMobile, hasTouch, userAgent } = devices["iPhone 13"];
const SHOP = "https://shop.example.com";

async function phone(browser: Browser) {
  const context = await browser.newContext({ viewport, deviceScaleFactor, isMobile, hasTouch, userAgent });
  // The merchant's site the customer is sent back to (no network here: answered in the browser).
  await context.route(`${SHOP}/**`, (route) => route.fulfill({ status: 200, contentType: "text/html", body: "<h1>Thanks for your order</h1>" }));
  return { context, page: await context.newPage() };
}

/** A merchant signed in on `page`, with a test secret key whose webhooks go nowhere. */
async function merchantWithKey(page: Page, business: string) {
  await signUp(page, { business, email: uniqueEmail("hosted"), password: "a-strong-password" });
  return createSecretKey(page, { webhookUrl: "http://127.0.0.1:9/unreachable" });
}

/** Nothing sticks out sideways on a phone (readable without horizontal scrolling). */
async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
}

test("a customer on a phone pays a checkout by bank transfer after switching bank, is sent back to the shop; the merchant sees the payment and charge.success", async ({
  page,
  browser,
  request,
}) => {
  const secret = await merchantWithKey(page, "Mama Put Kitchen");
  const owo = owoClient(request, secret);
  const session = await owo.initializeSession({
    amount: 1_250_000,
    email: "tunde@e2e.example.com",
    customer_name: "Tunde Bakare",
    reference: `order-${Date.now()}`,
    callback_url: `${SHOP}/thanks?order=42`,
    line_items: [
      { name: "Jollof rice", quantity: 2, amount: 500_000 },
      { name: "Delivery", quantity: 1, amount: 250_000 },
    ],
  });

  const customer = await phone(browser);
  const shopper = customer.page;
  await shopper.goto(session.checkout_url);
  await expect(shopper.getByTestId("test-mode-banner")).toBeVisible();
  await expect(shopper.getByTestId("merchant-name")).toHaveText("Mama Put Kitchen");
  await expect(shopper.getByTestId("pay-amount")).toHaveText("₦12,500.00");
  await shopper.getByTestId("line-items").locator("summary").click();
  await expect(shopper.getByTestId("line-items")).toContainText("Jollof rice");
  await expect(shopper.getByTestId("line-items")).toContainText("₦10,000.00");
  expect(await shopper.evaluate(() => getComputedStyle(document.documentElement).fontSize)).toBe("16px");

  // Bank transfer: a one-time account at a named bank, with a countdown.
  await shopper.getByTestId("method-bank_transfer").click();
  const accountNumber = shopper.getByTestId("account-number");
  await expect(accountNumber).toHaveText(/^\d{10}$/);
  const firstNumber = (await accountNumber.textContent())!;
  const firstBank = (await shopper.getByTestId("bank-name").textContent())!;
  await expect(shopper.getByTestId("account-name")).toHaveText("Mama Put Kitchen");
  await expect(shopper.getByTestId("countdown")).toHaveText(/^(29|30):\d\d$/);
  await expectNoSidewaysScroll(shopper);

  // The customer's bank app has trouble with that bank: switch once; the number changes.
  await shopper.getByTestId("change-bank").click();
  await shopper.getByTestId("bank-option").filter({ hasNotText: "Current" }).first().click();
  await expect(accountNumber).not.toHaveText(firstNumber);
  await expect(accountNumber).toHaveText(/^\d{10}$/);
  await expect(shopper.getByTestId("bank-name")).not.toHaveText(firstBank);

  // Test mode: the sandbox bank pays the account on screen; the page confirms and goes back to the shop.
  await shopper.getByTestId("simulate-payment").click();
  await expect(shopper).toHaveURL(`${SHOP}/thanks?order=42&reference=${session.reference}`, { timeout: 20_000 });
  await expect(shopper.getByRole("heading", { name: "Thanks for your order" })).toBeVisible();

  // Opening the link again says it is paid, with the way back.
  await shopper.goto(session.checkout_url);
  await expect(shopper.getByTestId("outcome-title")).toHaveText("Already paid");
  await expect(shopper.getByTestId("return-to-merchant")).toHaveAttribute("href", `${SHOP}/thanks?order=42&reference=${session.reference}`);
  await customer.context.close();

  const verified = await owo.verifySession(session.session_id);
  expect(verified).toMatchObject({ status: "completed", payment_method: "bank_transfer", amount: 1_250_000 });

  // The merchant sees the payment and the webhook it caused.
  await page.goto("/dashboard/payments");
  const row = page.getByTestId("payment-row").filter({ hasText: session.reference });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("₦12,500.00");
  await page.goto("/dashboard/developers/webhooks?type=charge.success");
  await expect(page.getByTestId("event-row")).toHaveCount(1);
  await expect(page.getByTestId("event-row").first()).toContainText("charge.success");
});

test("PayIDs on a phone: a dynamic PayID paid on its pay page, a checkout paid through its PayID's QR link; unknown links are not found", async ({
  page,
  browser,
  request,
}) => {
  const secret = await merchantWithKey(page, "Eko Tickets");
  const owo = owoClient(request, secret);
  const customer = await phone(browser);
  const shopper = customer.page;
  const origin = new URL(page.url()).origin;

  // A standalone single-use PayID for an exact amount.
  const payId = await owo.createDynamicPayId({ amount: 2500, amount_validation: "A0", name: "Concert ticket" });
  await shopper.goto(`${origin}/p/${payId.full_pay_id}`);
  await expect(shopper.getByTestId("test-mode-banner")).toBeVisible();
  await expect(shopper.getByTestId("merchant-name")).toHaveText("Concert ticket");
  await expect(shopper.getByTestId("pay-amount")).toHaveText("₦2,500.00");
  await expect(shopper.getByTestId("pay-id")).toHaveText(`@${payId.full_pay_id}`);
  await expect(shopper.getByTestId("qr-code").locator("svg")).toBeVisible();
  await expect(shopper.getByLabel("Amount (₦)")).toHaveValue("2500.00");
  await expectNoSidewaysScroll(shopper);
  await hydrated(shopper);
  // The PayID's rule refuses another amount, in plain words.
  await shopper.getByLabel("Amount (₦)").fill("100");
  await shopper.getByTestId("simulate-payment").click();
  await expect(shopper.getByTestId("simulate-error")).toContainText("amount");
  await shopper.getByLabel("Amount (₦)").fill("2500");
  await shopper.getByTestId("simulate-payment").click();
  await expect(shopper.getByTestId("payid-paid")).toContainText("₦2,500.00");
  await expect(shopper.getByTestId("payid-closed")).toContainText("already been paid");
  expect((await owo.getDynamicPayId(payId.id)).status).toBe("completed");

  // A checkout paid by PayID: the QR's pay link opens the PayID's page, which leads back.
  const session = await owo.initializeSession({ amount: 990_000, email: "kemi@e2e.example.com", payment_methods: ["payid"] });
  await shopper.goto(session.checkout_url);
  // Only one way to pay: its PayID is already there.
  await expect(shopper.getByTestId("method-title")).toHaveText("Pay with PayID");
  await expect(shopper.getByTestId("qr-code").locator("svg")).toBeVisible();
  const sessionPayId = (await shopper.getByTestId("pay-id").textContent())!;
  await expect(shopper.getByTestId("pay-link")).toHaveAttribute("href", `${origin}/p/${sessionPayId}`);
  await shopper.getByTestId("pay-link").click();
  await expect(shopper.getByTestId("pay-amount")).toHaveText("₦9,900.00");
  await expect(shopper.getByLabel("Amount (₦)")).toHaveValue("9900.00");
  await hydrated(shopper);
  await shopper.getByTestId("simulate-payment").click();
  await expect(shopper.getByTestId("payid-paid")).toBeVisible();
  await shopper.getByTestId("back-to-checkout").click();
  await expect(shopper.getByTestId("outcome-title")).toHaveText("Already paid");

  await shopper.goto(`${origin}/pay/00000000-0000-4000-8000-000000000000`);
  await expect(shopper.getByTestId("not-found-title")).toHaveText("Checkout not found");
  await shopper.goto(`${origin}/p/nobody-has-this.dypid`);
  await expect(shopper.getByTestId("not-found-title")).toHaveText("PayID not found");
  await customer.context.close();

  await page.goto("/dashboard/developers/webhooks?type=charge.success");
  await expect(page.getByTestId("event-row")).toHaveCount(2);
});
