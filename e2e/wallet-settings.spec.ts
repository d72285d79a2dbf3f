import { expect, test } from "@playwright/test";
import { signUp, uniqueEmail } from "./helpers";

for (const width of [1280, 375]) {
  test(`at ${width} px: set a daily limit and members only, add a member, send money to it by picking it; the limit refuses more`, async ({
    page,
    browser,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    // A second business to be the member (saved recipient).
    const other = await browser.newPage();
    await signUp(other, { business: "Member Supplies", email: uniqueEmail("member"), password: "a-strong-password" });
    const memberPayId = (await other.getByTestId("wallet-payid").textContent())!.trim().replace(/^@/, "");
    await other.close();

    await signUp(page, { business: "Careful Payer", email: uniqueEmail("payer"), password: "a-strong-password" });
    await page.getByLabel("Amount in naira").fill("100000");
    await page.getByTestId("fund-wallet").click();
    await expect(page.getByTestId("wallet-balance")).toHaveText("₦100,000.00");

    // Transfers → Wallet settings: members only and a ₦5,000 daily limit.
    await page.goto("/dashboard/transfers");
    await page.getByTestId("wallet-settings-link").click();
    await expect(page.getByRole("heading", { name: "Wallet settings" })).toBeVisible();
    await expect(page.getByTestId("spent-today")).toHaveText("₦0.00");
    await expect(page.getByTestId("current-daily-limit")).toHaveText("No limit");
    await page.getByTestId("members-only").check();
    await page.getByLabel("Daily limit (₦)").fill("5,000");
    await page.getByTestId("save-wallet-settings").click();
    await expect(page.getByTestId("current-daily-limit")).toHaveText("₦5,000.00");
    await expect(page.getByTestId("members-only")).toBeChecked();

    // A saved recipient.
    await expect(page.getByTestId("members-empty")).toBeVisible();
    await page.getByTestId("member-pay-id").fill(`@${memberPayId}`);
    await page.getByTestId("member-label").fill("Supplier");
    await page.getByTestId("add-member").click();
    await expect(page.getByTestId("member-row")).toHaveCount(1);
    await expect(page.getByTestId("member-row")).toContainText("Supplier");
    await expect(page.getByTestId("member-row")).toContainText(`@${memberPayId}`);

    // Send money: pick the member instead of typing its PayID.
    await page.goto("/dashboard/transfers/new");
    await page.getByRole("radio", { name: "PayID" }).click();
    await page.getByTestId("saved-recipient").selectOption(memberPayId);
    await expect(page.getByTestId("recipient-name")).toHaveText("Member Supplies");
    await page.getByLabel("Amount (₦)").fill("2000");
    await expect(page.getByTestId("quote-total")).toHaveText("₦2,000.00");
    await page.getByTestId("review-transfer").click();
    await page.getByTestId("confirm-send").click();
    await expect(page.getByTestId("transfer-status")).toHaveText(/completed/i);

    // ₦2,000 spent of ₦5,000: a ₦4,000 transfer is over the limit and is refused.
    await page.goto("/dashboard/transfers/wallet");
    await expect(page.getByTestId("spent-today")).toHaveText("₦2,000.00");
    await page.goto("/dashboard/transfers/new");
    await page.getByRole("radio", { name: "PayID" }).click();
    await page.getByTestId("saved-recipient").selectOption(memberPayId);
    await expect(page.getByTestId("recipient-name")).toHaveText("Member Supplies");
    await page.getByLabel("Amount (₦)").fill("4000");
    await expect(page.getByTestId("quote-total")).toHaveText("₦4,000.00");
    await page.getByTestId("review-transfer").click();
    await page.getByTestId("confirm-send").click();
    await expect(page.getByText("This transfer would exceed the wallet's daily limit.")).toBeVisible();
    await page.goto("/dashboard");
    await expect(page.getByTestId("wallet-balance")).toHaveText("₦98,000.00");
  });
}
