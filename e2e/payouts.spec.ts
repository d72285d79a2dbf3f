import { expect, test } from "@playwright/test";
import { signUp, uniqueEmail } from "./helpers";

/*
 * Automatic payouts (supplement §13) in Chromium at 1280 and 375 px: an owner sets the payout
 * account (its name from name enquiry), a weekly schedule and a reserve; the page states the
 * schedule and the next payout, and the home page links to it.
 */
for (const width of [1280, 375]) {
  test(`at ${width} px: payout account, weekly schedule and reserve set; the next payout shown`, async ({ browser }) => {
    const page = await (await browser.newContext({ viewport: { width, height: 900 } })).newPage();
    await signUp(page, { business: `Payout Settings ${width}`, email: uniqueEmail(`payouts-${width}`), password: "a-strong-password" });
    await expect(page.getByTestId("overview-next-payout")).toContainText("Set up automatic payouts");
    await page.getByTestId("overview-next-payout").getByRole("link").click();
    await expect(page).toHaveURL(/\/dashboard\/payouts$/);
    await expect(page.getByTestId("payouts-empty")).toBeVisible();
    await expect(page.getByTestId("next-payout")).toContainText("Set a payout account");

    await page.getByTestId("payout-bank").selectOption("058");
    await page.getByTestId("payout-account").fill("0123456789");
    await expect(page.getByTestId("payout-account-name")).toBeVisible();
    await page.getByTestId("payout-schedule-weekly").click();
    await page.getByTestId("payout-weekday").selectOption("5");
    await page.getByTestId("payout-hour").selectOption("9");
    await page.getByTestId("payout-reserve").fill("₦5,000");
    await page.getByTestId("save-payout-settings").click();
    await expect(page.getByTestId("payout-schedule-text")).toHaveText("Weekly on Friday at 09:00 (Lagos)");
    await expect(page.getByTestId("next-payout-amount")).toHaveText("₦0.00");
    await expect(page.getByTestId("next-payout")).toContainText("0123456789");
    if (process.env.OWO_SCREENSHOTS) await page.screenshot({ path: `docs/screenshots/payouts-${width}.png`, fullPage: true });

    // A bad reserve is refused with its reason, nothing saved.
    await page.getByTestId("payout-reserve").fill("12.345");
    await page.getByTestId("save-payout-settings").click();
    await expect(page.getByTestId("payout-settings-error")).toContainText("two decimals");
    await page.reload();
    await expect(page.getByTestId("payout-reserve")).toHaveValue(/^5,?000(\.00)?$/);

    await page.goto("/dashboard");
    await expect(page.getByTestId("overview-next-payout")).toContainText("Next payout");
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
}
