import { devices, expect, test, type Browser, type Page } from "@playwright/test";
import { hydrated, seriousAxeViolations, signUp, uniqueEmail } from "./helpers";

// Issue 26 item 2: a merchant with no website and no API key creates a payment link in the
// dashboard, a customer opens /l/<slug>, chooses an amount and pays it on the hosted
// checkout ("Simulate payment" in test mode), and the merchant sees the payment on the link's
// page. At a laptop's width and a phone's, with an axe-core scan of each new page.

const WIDTHS = [1280, 375, 320] as const;

/**
 * No serious or critical axe-core violation, and nothing sticks out sideways. The scan is of the
 * page, not of the last action's toast (mid-animation its text is half-faded): the toaster is
 * left out rather than waited for, since a pointer left where the last click was would hold a
 * toast that appears under it open (sonner pauses on hover).
 */
async function expectAccessible(page: Page, where: string) {
  const width = page.viewportSize()!.width;
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `${where} scrolls sideways`).toBeLessThanOrEqual(width);
  const bad = await seriousAxeViolations(page, { exclude: "[data-sonner-toaster]" });
  expect(bad, `${where} at ${width} px: axe-core serious/critical violations`).toEqual([]);
}

/** The customer: a fresh browser context with no dashboard cookies (a phone's at 375 px). */
async function customerAt(browser: Browser, width: number) {
  const phone = devices["iPhone 13"];
  const context =
    width < 768
      ? await browser.newContext({
          viewport: { width, height: 812 },
          deviceScaleFactor: phone.deviceScaleFactor,
          isMobile: true,
          hasTouch: true,
          userAgent: phone.userAgent,
        })
      : await browser.newContext({ viewport: { width, height: 900 } });
  return { context, page: await context.newPage() };
}

for (const width of WIDTHS) {
  test(`at ${width} px: a link with the customer's choice of amount is created, paid with a chosen amount and seen on its page; inactive, it takes nothing`, async ({
    page,
    browser,
  }) => {
    // One walk through sign-up, creation, a payment and six axe scans on two browsers.
    test.setTimeout(150_000);
    await page.setViewportSize({ width, height: width < 768 ? 812 : 900 });
    const business = `Yaba Reading Club ${width}`;
    await signUp(page, { business, email: uniqueEmail("links"), password: "a-strong-password" });

    // The list, empty, says what to do; at 1280 px it is reached from the sidebar.
    if (width >= 768) await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Payment links" }).click();
    else await page.goto("/dashboard/payment-links");
    await expect(page.getByRole("heading", { name: "Payment links", level: 1 })).toBeVisible();
    await expect(page.getByTestId("payment-links-empty")).toContainText("No payment links yet");
    await expectAccessible(page, "/dashboard/payment-links (empty)");

    // Create: the customer chooses between ₦1,000 and ₦50,000, and gives a phone number.
    await hydrated(page);
    await page.getByTestId("new-payment-link").click();
    await page.getByTestId("payment-link-title").fill("Books for the children's shelf");
    await page.getByTestId("payment-link-description").fill("Every naira buys books for Yaba's reading club.");
    await page.getByTestId("payment-link-choice").check();
    await page.getByTestId("payment-link-min").fill("1,000");
    await page.getByTestId("payment-link-max").fill("50000");
    await page.getByTestId("payment-link-collect-phone").check();
    await page.getByTestId("save-payment-link").click();

    await expect(page).toHaveURL(/\/dashboard\/payment-links\/[0-9a-f-]{36}$/);
    await expect(page.getByTestId("payment-link-heading")).toHaveText("Books for the children's shelf");
    await expect(page.getByTestId("payment-link-amount-text")).toHaveText("₦1,000.00 to ₦50,000.00");
    await expect(page.getByTestId("qr-code").locator("svg")).toBeVisible();
    await expect(page.getByTestId("share-whatsapp")).toHaveAttribute("href", /^https:\/\/wa\.me\/\?text=/);
    await expect(page.getByTestId("link-no-payments")).toBeVisible();
    const url = (await page.getByTestId("payment-link-url").textContent())!;
    expect(url).toMatch(/\/l\/[a-z0-9]{10}$/);
    await expectAccessible(page, "the link's dashboard page");

    // The customer opens the link, tries an amount below the minimum, then chooses ₦2,500.
    const customer = await customerAt(browser, width);
    const shopper = customer.page;
    await shopper.goto(url);
    await expect(shopper.getByTestId("test-mode-banner")).toBeVisible();
    await expect(shopper.getByTestId("merchant-name")).toHaveText(business);
    await expect(shopper.getByTestId("link-title")).toHaveText("Books for the children's shelf");
    await expect(shopper.getByTestId("link-amount-note")).toHaveText("Between ₦1,000.00 and ₦50,000.00");
    await expectAccessible(shopper, url);
    await hydrated(shopper);
    await shopper.getByTestId("link-amount").fill("500");
    await shopper.getByTestId("link-customer-name").fill("Kemi Adebayo");
    await shopper.getByTestId("link-customer-email").fill("kemi@e2e.example.com");
    await shopper.getByTestId("link-customer-phone").fill("0803 123 4567");
    await shopper.getByTestId("link-pay").click();
    await expect(shopper.getByTestId("link-amount-note")).toHaveText("The smallest amount you can pay here is ₦1,000.00");
    await expect(shopper).toHaveURL(url);
    await shopper.getByTestId("link-amount").fill("2,500");
    await expect(shopper.getByTestId("link-pay")).toHaveText("Pay ₦2,500.00");
    await shopper.getByTestId("link-pay").click();

    // The hosted checkout of the link's session: the chosen amount, paid by the sandbox bank.
    await expect(shopper).toHaveURL(/\/pay\/[0-9a-f-]{36}$/);
    await expect(shopper.getByTestId("pay-amount")).toHaveText("₦2,500.00");
    await hydrated(shopper);
    await shopper.getByTestId("method-bank_transfer").click();
    await expect(shopper.getByTestId("account-number")).toHaveText(/^\d{10}$/);
    await shopper.getByTestId("simulate-payment").click();
    await expect(shopper.getByTestId("checkout-outcome")).toHaveAttribute("data-status", "completed");

    // The merchant sees it on the link's page: customer, amount, status, the phone they gave, and the totals.
    await page.reload();
    const row = page.getByTestId("link-payment-row");
    await expect(row).toHaveCount(1);
    await expect(row).toContainText("Kemi Adebayo");
    await expect(row).toContainText("kemi@e2e.example.com");
    await expect(row.getByTestId("link-payment-amount")).toHaveText("₦2,500.00");
    await expect(row).toContainText("Completed");
    await expect(row.getByTestId("link-payment-answers")).toContainText("0803 123 4567");
    await expect(page.getByTestId("link-payments-total")).toHaveText("1 payment · ₦2,500.00");
    await expectAccessible(page, "the link's dashboard page with a payment");

    // The list shows the link; deactivated, its page says it takes no payments.
    await page.goto("/dashboard/payment-links");
    await expect(page.getByTestId("payment-link-row")).toHaveCount(1);
    await expect(page.getByTestId("payment-link-row")).toContainText("₦1,000.00 to ₦50,000.00");
    await expectAccessible(page, "/dashboard/payment-links");
    await page.getByTestId("payment-link-row").getByRole("link").click();
    await hydrated(page);
    await page.getByTestId("toggle-payment-link").click();
    await expect(page.getByTestId("payment-link-inactive")).toBeVisible();
    await shopper.goto(url);
    await expect(shopper.getByTestId("link-closed")).toHaveText(`This link is not accepting payments. Please contact ${business} if you meant to pay them.`);
    await expect(shopper.getByTestId("link-pay-form")).toHaveCount(0);
    await expectAccessible(shopper, `${url} (inactive)`);
    await customer.context.close();
  });
}
