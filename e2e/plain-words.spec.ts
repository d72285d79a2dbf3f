import { expect, test, type Page } from "@playwright/test";
import { createSecretKey, signInDemo, signUp, uniqueEmail } from "./helpers";

// Issue 18, item 4: plain words everywhere. Each rule below is what a merchant reads: naira
// amounts refused with the limit they break, forms that keep what was typed after a server
// error with the error beside the field in their words, the audit log as "Field: before →
// after" in naira, no platform ledger accounts and no amount-rule codes on merchant pages.

const LEDGER_ACCOUNTS = /fee revenue|vat payable|bank clearing|transfers in flight|stamp duty payable|sandbox funding/i;
const RULE_CODE = /\(A\d\)/;

async function noSidewaysScroll(page: Page) {
  const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  expect(scroll, "the page scrolls sideways").toBeLessThanOrEqual(client);
}

/** Each amount of a breakdown stays on one line (it never wraps onto two). */
async function amountsOnOneLine(page: Page, testId: string) {
  const wrapped = await page
    .getByTestId(testId)
    .locator("dd")
    .evaluateAll((dds) =>
      dds.filter((dd) => dd.getBoundingClientRect().height > parseFloat(getComputedStyle(dd).lineHeight) * 1.5 + 10).map((dd) => dd.textContent),
    );
  expect(wrapped, "amounts wrapped onto two lines").toEqual([]);
}

for (const width of [1280, 375]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test("rule: Fund wallet refuses −5, three decimals and more than its maximum, naming the limit; then funds", async ({ page }) => {
      await signUp(page, { business: `Plain Funds ${width}`, email: uniqueEmail("plain-fund"), password: "a-strong-password" });
      await page.goto("/dashboard/balance");
      const amount = page.getByLabel("Amount in naira");
      const error = page.getByTestId("fund-wallet-error");

      await amount.fill("-5");
      await expect(error).toHaveText("The amount cannot be negative");
      await expect(page.getByTestId("fund-wallet")).toBeDisabled();
      await amount.fill("−5");
      await expect(error).toHaveText("The amount cannot be negative");

      await amount.fill("12.345");
      await expect(error).toHaveText("Use at most two decimal places (kobo)");
      await expect(page.getByTestId("fund-wallet")).toBeDisabled();

      await amount.fill("99999999999999999999");
      await expect(error).toHaveText("The most you can fund at once is ₦1,000,000,000.00");
      await expect(error).not.toContainText("e.g.");
      await expect(page.getByTestId("fund-wallet")).toBeDisabled();

      await amount.fill("25,000");
      await expect(error).toHaveCount(0);
      await page.getByTestId("fund-wallet").click();
      await expect(page.getByTestId("wallet-balance")).toHaveText("₦25,000.00");
      await noSidewaysScroll(page);
    });

    test("rule: the static-account form keeps every value after a server error and says it beside the field, in the merchant's words", async ({ page }) => {
      await signInDemo(page, "business");
      await expect(page).toHaveURL(/\/dashboard$/);
      await page.goto("/dashboard/static-accounts/new");
      await page.getByTestId("sa-customer-name").fill("Chinedu Okafor");
      await page.getByTestId("sa-identity-type").selectOption("bvn");
      await page.getByTestId("sa-identity-number").fill("12345");
      await page.getByTestId("sa-email").fill("chinedu@e2e.example.com");
      await page.getByTestId("sa-phone").fill("+2348012345678");
      await page.getByTestId("create-static-account").click();

      await expect(page.getByText("Identity number must be an 11-digit BVN")).toBeVisible();
      await expect(page.locator("main")).not.toContainText("identity_number");
      await expect(page).toHaveURL(/\/dashboard\/static-accounts\/new$/);
      await expect(page.getByTestId("sa-customer-name")).toHaveValue("Chinedu Okafor");
      await expect(page.getByTestId("sa-email")).toHaveValue("chinedu@e2e.example.com");
      await expect(page.getByTestId("sa-phone")).toHaveValue("+2348012345678");
      await expect(page.getByTestId("sa-identity-number")).toHaveValue("12345");
      await noSidewaysScroll(page);
    });

    test("rule: the audit log shows 'Field: before → after' in naira, never kobo, and the whole user agent", async ({ page }) => {
      await signUp(page, { business: `Plain Audit ${width}`, email: uniqueEmail("plain-audit"), password: "a-strong-password" });
      await page.goto("/dashboard/transfers/wallet");
      await page.getByLabel("Daily limit (₦)").fill("2,500,000");
      await page.getByTestId("save-wallet-settings").click();
      await expect(page.getByTestId("current-daily-limit")).toHaveText("₦2,500,000.00");

      await page.goto("/dashboard/settings/audit-log");
      const entry = page.locator('[data-testid="audit-row"][data-action="wallet.updated"]').first();
      await expect(entry.getByTestId("audit-action")).toHaveText("Wallet settings changed");
      await expect(entry.getByTestId("audit-changes")).toContainText("Daily limit: None → ₦2,500,000.00");
      await expect(entry.getByTestId("audit-changes")).not.toContainText("250000000");
      await expect(entry.getByTestId("audit-changes")).not.toContainText("daily_limit");

      // The user agent is whole (wrapped, not cut off with an ellipsis).
      const ua = await page.evaluate(() => navigator.userAgent);
      const cell = entry.getByTestId("audit-user-agent");
      await expect(cell).toHaveText(ua);
      const shown = await cell.evaluate((p) => {
        // At 1280 px the cell must also sit inside the table's visible box (no scrolling to reach it);
        // at 375 px the table scrolls inside its own box by design.
        let box: HTMLElement | null = p.parentElement;
        while (box && getComputedStyle(box).overflowX === "visible") box = box.parentElement;
        return {
          clipped: getComputedStyle(p).textOverflow === "ellipsis" || p.scrollWidth > p.clientWidth,
          outside: box ? p.getBoundingClientRect().right > box.getBoundingClientRect().right + 1 : false,
        };
      });
      expect(shown.clipped, "the user agent is cut off").toBe(false);
      if (width === 1280) expect(shown.outside, "the user agent is beyond the table's visible edge at 1280 px").toBe(false);

      // A reversed date range says so rather than showing an empty list in silence.
      await page.goto("/dashboard/settings/audit-log?from=2026-03-10&to=2026-03-01");
      await expect(page.getByTestId("filter-range-error")).toContainText("“From” date is after the “To” date");
      await page.goto("/dashboard/payments?from=2026-03-10&to=2026-03-01");
      await expect(page.getByTestId("filter-range-error")).toBeVisible();
      await noSidewaysScroll(page);

      // Put the wallet back as it was (no limit).
      await page.goto("/dashboard/transfers/wallet");
      await page.getByLabel("Daily limit (₦)").fill("");
      await page.getByTestId("save-wallet-settings").click();
      await expect(page.getByTestId("current-daily-limit")).toHaveText("No limit");
    });

    test("rule: transfer and payment pages show amount, fee, VAT, stamp duty and net, no ledger account; a short account number says it must be 10 digits", async ({
      page,
      request,
    }) => {
      await signUp(page, { business: `Plain Ledger ${width}`, email: uniqueEmail("plain-ledger"), password: "a-strong-password" });
      const walletPayId = (await page.getByTestId("wallet-payid").textContent())!.trim();
      await page.getByLabel("Amount in naira").fill("50000");
      await page.getByTestId("fund-wallet").click();
      await expect(page.getByTestId("wallet-balance")).toHaveText("₦50,000.00");

      // A payment into the wallet's PayID, through the sandbox.
      const secret = await createSecretKey(page);
      const paid = await request.post("/v1/sandbox/payments", {
        headers: { "x-api-key": secret },
        data: { pay_id: walletPayId, amount: 250_000, payer: { name: "Bola Ade" } },
      });
      expect(paid.status(), await paid.text()).toBe(200);
      const paymentRef = (await paid.json()).data.reference as string;
      await page.goto(`/dashboard/payments/${encodeURIComponent(paymentRef)}`);
      const payment = page.getByTestId("payment-breakdown");
      for (const label of ["Amount paid", "Fee", "VAT", "Stamp duty", "Net to you"]) await expect(payment).toContainText(label);
      await expect(payment).toContainText("₦2,500.00");
      await expect(page.locator("main")).not.toContainText(LEDGER_ACCOUNTS);
      await amountsOnOneLine(page, "payment-breakdown");
      await noSidewaysScroll(page);

      // A bank transfer: a 5-digit account number is refused in words before any lookup.
      await page.goto("/dashboard/transfers/new");
      await page.getByLabel("Bank").selectOption({ label: "Guaranty Trust Bank" });
      await page.getByLabel("Account number").fill("12345");
      await page.getByLabel("Amount (₦)").click();
      await expect(page.getByText("The account number must be 10 digits")).toBeVisible();
      await expect(page.getByText("Account not found.")).toHaveCount(0);
      await page.getByLabel("Account number").fill("0123456789");
      await expect(page.getByTestId("recipient-name")).not.toBeEmpty();
      await expect(page.getByText("The account number must be 10 digits")).toHaveCount(0);
      await page.getByLabel("Amount (₦)").fill("6,000,000");
      await expect(page.getByText("The largest single transfer is ₦5,000,000.00")).toBeVisible();
      await page.getByLabel("Amount (₦)").fill("12500");
      await expect(page.getByTestId("quote-total")).toHaveText("₦12,576.88");
      await page.getByTestId("review-transfer").click();
      await page.getByTestId("confirm-send").click();
      await expect(page).toHaveURL(/\/dashboard\/transfers\/TRF_/);
      const transfer = page.getByTestId("transfer-breakdown");
      const rows: [string, string][] = [
        ["Amount sent", "₦12,500.00"],
        ["Fee", "₦25.00"],
        ["VAT", "₦1.88"],
        ["Stamp duty", "₦50.00"],
        ["Total debited", "₦12,576.88"],
      ];
      for (const [label, amount] of rows) {
        await expect(transfer.getByTestId("breakdown-row").filter({ hasText: label }).first()).toContainText(amount);
      }
      await expect(page.locator("main")).not.toContainText(LEDGER_ACCOUNTS);
      await amountsOnOneLine(page, "transfer-breakdown");
      await noSidewaysScroll(page);
    });

    test("rule: amount rules are words only, with no '(A4)'-style codes, on the dynamic PayID and virtual account forms and pages", async ({ page }) => {
      await signInDemo(page, "business");
      await expect(page).toHaveURL(/\/dashboard$/);
      await page.goto("/dashboard/payids");
      await page.getByTestId("new-dynamic-payid").click();
      await page.getByTestId("dynamic-payid-amount").fill("500000000");
      await expect(page.getByText("The largest dynamic PayID amount is ₦100,000,000.00")).toBeVisible();
      await page.getByTestId("dynamic-payid-amount").fill("5000");
      const rule = page.getByTestId("dynamic-payid-rule");
      await expect(rule).toBeVisible();
      const options = await rule.locator("option").allTextContents();
      expect(options).toContain("The amount or more");
      for (const o of options) expect(o).not.toMatch(RULE_CODE);
      await rule.selectOption({ label: "The amount or more" });
      await page.getByTestId("create-dynamic-payid").click();
      await expect(page).toHaveURL(/\/dashboard\/payids\/dynamic\//);
      await expect(page.locator("main")).toContainText("The amount or more");
      await expect(page.locator("main")).not.toContainText(RULE_CODE);
      await noSidewaysScroll(page);

      await page.goto("/dashboard/virtual-accounts/new");
      await expect(page.locator("main")).not.toContainText(RULE_CODE);
    });
  });
}
