import { expect, test } from "@playwright/test";
import { createSecretKey, signUp, uniqueEmail } from "./helpers";

/*
 * Customers (issue 25 item 5) in Chromium at 1280 and 375 px: the same payer pays twice and
 * another once in test mode; the Customers list shows each with count and total, finds one by
 * search, exports the list, and opens a customer's page with their payments.
 */
for (const width of [1280, 375]) {
  test(`at ${width} px: customers built from payments, searched, exported and opened`, async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    const page = await context.newPage();
    await signUp(page, { business: `Customers ${width}`, email: uniqueEmail(`customers-${width}`), password: "a-strong-password" });
    const walletPayId = (await page.getByTestId("wallet-payid").textContent())!.trim();
    const secret = await createSecretKey(page);
    const pay = async (amount: number, payer: Record<string, string>) => {
      const r = await page.request.post("/v1/sandbox/payments", { headers: { "x-api-key": secret }, data: { pay_id: walletPayId, amount, payer } });
      expect(r.status(), await r.text()).toBe(200);
    };

    await page.goto("/dashboard/customers");
    await expect(page.getByTestId("customers-empty")).toContainText("No customers yet");

    await pay(150_000, { name: "Ngozi Eze" });
    await pay(250_050, { name: "Ngozi Eze" });
    await pay(99_900, { name: "Tunde Bakare" });

    await page.reload();
    await expect(page.getByTestId("customer-row")).toHaveCount(2);
    await expect(page.getByTestId("customers-total")).toContainText("2 customers");
    const ngozi = page.getByTestId("customer-row").filter({ hasText: "Ngozi Eze" });
    await expect(ngozi.getByTestId("customer-count")).toHaveText("2");
    await expect(ngozi.getByTestId("customer-total")).toHaveText("₦4,000.50");
    // The latest payer first.
    await expect(page.getByTestId("customer-row").first()).toContainText("Tunde Bakare");
    if (width === 375) expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

    await page.getByRole("textbox", { name: "Search" }).fill("ngozi");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/search=ngozi/);
    await expect(page.getByTestId("customer-row")).toHaveCount(1);

    const csv = await page.request.get("/dashboard/customers/export?search=ngozi");
    expect(csv.status()).toBe(200);
    const lines = (await csv.text()).trim().split(/\r\n/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain("Ngozi Eze");
    expect(lines[1]).toContain("4000.50");

    await page.getByTestId("customer-row").getByRole("link", { name: "Ngozi Eze" }).click();
    await expect(page).toHaveURL(/\/dashboard\/customers\/[0-9a-f-]{36}$/);
    await expect(page.getByTestId("customer-name")).toHaveText("Ngozi Eze");
    await expect(page.getByTestId("customer-total")).toHaveText("₦4,000.50");
    await expect(page.getByTestId("customer-count")).toContainText("2 payments");
    await expect(page.getByTestId("customer-payment-row")).toHaveCount(2);
    if (width === 375) expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    if (process.env.OWO_SCREENSHOTS) await page.screenshot({ path: `docs/screenshots/customer-${width}.png`, fullPage: true });
    const customerUrl = page.url();

    await page.getByTestId("customer-payment-row").first().getByRole("link").click();
    await expect(page).toHaveURL(/\/dashboard\/payments\//);
    await expect(page.getByTestId("payment-amount")).toHaveText("₦2,500.50");

    // Another business cannot open this customer (streamed behind the loading skeleton: Next's not-found under a 200).
    const other = await (await browser.newContext({ viewport: { width, height: 900 } })).newPage();
    await signUp(other, { business: `Customers other ${width}`, email: uniqueEmail(`customers-other-${width}`), password: "a-strong-password" });
    await other.goto(customerUrl);
    await expect(other.getByText("This page could not be found.")).toBeVisible();
    await expect(other.getByTestId("customer-name")).toHaveCount(0);
  });
}
