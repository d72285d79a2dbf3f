import fs from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { holdScripts, reactStarted, signUp, uniqueEmail } from "./helpers";

/*
 * Safe money out from the dashboard (issue 25 item 3): bulk transfers from a CSV, and the
 * single-transfer approval flow. At 1280 px and at 375 px (the page never scrolls sideways).
 */

const csv = (name: string, text: string) => ({ name, mimeType: "text/csv", buffer: Buffer.from(text) });

async function noSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

async function fundWallet(page: Page, naira: string, shown: string) {
  await page.goto("/dashboard");
  await page.getByLabel("Amount in naira").fill(naira);
  await page.getByTestId("fund-wallet").click();
  await expect(page.getByTestId("wallet-balance")).toHaveText(shown);
}

test("bulk transfers: a bad row is shown with its reason; the fixed file is reviewed, submitted, sent row by row; the result file says what happened", async ({
  page,
}) => {
  const tag = Date.now().toString(36);
  await signUp(page, { business: "Payroll Ltd", email: uniqueEmail("bulk"), password: "a-strong-password" });
  await fundWallet(page, "100000", "₦100,000.00");

  await page.goto("/dashboard/transfers");
  await page.getByTestId("bulk-transfers-link").click();
  await expect(page).toHaveURL(/\/dashboard\/transfers\/bulk$/);
  await expect(page.getByTestId("bulk-batches-empty")).toBeVisible();

  // A file with a bad row: the row says why, and the batch cannot be sent.
  const header = "account_number,bank_code,amount,narration,reference";
  const rows = [`0123456789,058,"12,500.50",Salary ${tag},S-${tag}-1`, `1234567890,057,3000,Supplier ${tag},S-${tag}-2`];
  await page.getByTestId("bulk-file").setInputFiles(csv("payroll-draft.csv", [header, ...rows, `2345678901,999,1000,Bad bank ${tag},S-${tag}-3`].join("\n")));
  await expect(page.getByTestId("bulk-row")).toHaveCount(3);
  await expect(page.locator('[data-testid="bulk-row"][data-status="bad"]').getByTestId("bulk-row-problem")).toHaveText("Unknown bank code 999");
  await expect(page.getByTestId("bulk-bad-summary")).toContainText("1 row has a problem");
  await expect(page.getByTestId("bulk-review")).toBeDisabled();

  // The fixed file: every row resolved by name enquiry, totals with fees, then at 375 px too.
  await page.getByTestId("bulk-file").setInputFiles(csv("payroll.csv", [header, ...rows, `2345678901,044,1000,Fixed ${tag},S-${tag}-3`].join("\n")));
  await expect(page.locator('[data-testid="bulk-row"][data-status="ok"]')).toHaveCount(3);
  for (const name of await page.getByTestId("bulk-row-name").allTextContents()) expect(name).not.toBe("—");
  await expect(page.getByTestId("bulk-good-count")).toHaveText("3");
  await expect(page.getByTestId("bulk-total")).toHaveText("₦16,500.50");
  await expect(page.getByTestId("bulk-fees")).toHaveText("₦98.38"); // 76.88 (₦25 + VAT + ₦50 stamp duty) + 10.75 + 10.75
  await page.setViewportSize({ width: 375, height: 800 });
  await noSidewaysScroll(page);
  await page.getByTestId("bulk-review").click();
  await expect(page.getByTestId("bulk-confirm-text")).toContainText("3 transfers of ₦16,500.50");
  await page.getByTestId("bulk-confirm").click();

  // The batch page: progress refreshes until every row is sent.
  await expect(page).toHaveURL(/\/dashboard\/transfers\/bulk\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId("batch-status")).toHaveAttribute("data-status", "completed", { timeout: 20_000 });
  await expect(page.getByTestId("batch-sent")).toHaveText("3");
  await expect(page.getByTestId("batch-failed")).toHaveText("0");
  await expect(page.getByTestId("batch-pending")).toHaveText("0");
  await expect(page.locator('[data-testid="bulk-result-status"][data-status="completed"]')).toHaveCount(3, { timeout: 20_000 });
  await noSidewaysScroll(page);
  await page.setViewportSize({ width: 1280, height: 800 });

  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("download-result").click()]);
  const result = fs
    .readFileSync((await download.path())!, "utf8")
    .trimEnd()
    .split("\r\n");
  expect(result[0]).toBe(
    "row,recipient,account_number,bank,amount_naira,fees_naira,status,transfer_reference,bulk_reference,your_reference,narration,failure_reason",
  );
  expect(result).toHaveLength(4);
  expect(result[1]).toMatch(
    new RegExp(`^1,[^,]+,0123456789,Guaranty Trust Bank,12500\\.50,[\\d.]+,completed,TRF_\\w+,bulk-[0-9a-f-]+-1,S-${tag}-1,Salary ${tag},$`),
  );
  expect(result[3]).toMatch(/^3,[^,]+,2345678901,Access Bank,1000\.00,/);

  // The same file again is caught before it can pay twice.
  await page.goto("/dashboard/transfers/bulk");
  await expect(page.getByTestId("bulk-batch-row")).toHaveCount(1);
  await page.getByTestId("bulk-file").setInputFiles(csv("payroll.csv", [header, ...rows, `2345678901,044,1000,Fixed ${tag},S-${tag}-3`].join("\n")));
  await expect(page.getByTestId("bulk-duplicate")).toBeVisible();
  await expect(page.getByTestId("bulk-review")).toBeDisabled();
});

test("a CSV picked while the page is still plain HTML (its scripts late, as on a slow phone) is checked once they run", async ({ page }) => {
  await signUp(page, { business: "Early Pick Ltd", email: uniqueEmail("bulk-early"), password: "a-strong-password" });
  // Routing turns the browser's cache off: every script (not the stylesheets) of the next page waits until the file is picked.
  const release = await holdScripts(page);
  await page.goto("/dashboard/transfers/bulk", { waitUntil: "commit" });
  const file = page.getByTestId("bulk-file");
  await expect(file).toBeAttached();
  await file.setInputFiles(csv("early.csv", "account_number,bank_code,amount\n0123456789,058,1000"));
  // The file really was picked before React ran the page: no root yet.
  expect(await reactStarted(page)).toBe(false);
  release();
  await expect(page.getByTestId("bulk-row")).toHaveCount(1, { timeout: 30_000 });
  await expect(page.locator('[data-testid="bulk-row"][data-status="ok"]')).toHaveCount(1);
});

test("single-transfer approval: the owner sets a threshold, a second member's transfer above it waits, they cannot approve it, the owner approves and it is sent", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const ownerEmail = uniqueEmail("approve-owner");
  const memberEmail = uniqueEmail("approve-member");
  await signUp(page, { business: "Approvals Ltd", email: ownerEmail, password: "owner-password-1" });
  await fundWallet(page, "100000", "₦100,000.00");

  // The owner's rule: transfers above ₦5,000 need a second member.
  await page.goto("/dashboard/transfers");
  await page.getByTestId("approval-threshold").fill("5000");
  await page.getByTestId("save-approval-threshold").click();
  await expect(page.getByText("Transfers above ₦5,000.00 now need a second member")).toBeVisible();

  // A second owner, invited, on a phone.
  await page.goto("/dashboard/settings/team");
  await page.getByTestId("team-invite-email").fill(memberEmail);
  await page.getByTestId("team-invite-role").selectOption("owner");
  await page.getByTestId("team-invite-submit").click();
  const link = (await page.getByTestId("team-invite-link").textContent())!.trim();
  const memberContext = await browser.newContext({ viewport: { width: 375, height: 800 } });
  const member = await memberContext.newPage();
  await member.goto(new URL(link).pathname);
  await member.getByTestId("invite-name").fill("Bola Member");
  await member.getByTestId("invite-password").fill("member-password-1");
  await member.getByTestId("invite-signup-submit").click();
  await expect(member).toHaveURL(/\/dashboard$/);

  // The member asks for ₦10,000: it waits; they cannot approve their own.
  await member.goto("/dashboard/transfers/new");
  await member.getByLabel("Bank").selectOption({ label: "Guaranty Trust Bank" });
  await member.getByLabel("Account number").fill("0123456789");
  await expect(member.getByTestId("recipient-name")).not.toBeEmpty();
  await member.getByLabel("Amount (₦)").fill("10000");
  await member.getByTestId("review-transfer").click();
  await member.getByTestId("confirm-send").click();
  await expect(member).toHaveURL(/\/dashboard\/transfers\?approvals=1$/);
  const waiting = member.getByTestId("approval-row");
  await expect(waiting).toContainText("₦10,000.00");
  await expect(waiting.getByTestId("approval-own")).toBeVisible();
  await expect(waiting.getByTestId("approve-transfer")).toHaveCount(0);
  await expect(member.getByTestId("transfer-row")).toHaveCount(0);
  await noSidewaysScroll(member);

  // The owner approves: the transfer is sent once, and completes.
  await page.goto("/dashboard/transfers");
  const row = page.getByTestId("approval-row").filter({ hasText: memberEmail });
  await row.getByTestId("approve-transfer").click();
  await page.getByTestId("confirm-transfer-decision").click();
  await expect(page.getByText("Approved and sent")).toBeVisible();
  await expect(page.getByTestId("approvals-empty")).toBeVisible();
  await expect(page.getByTestId("transfer-row")).toHaveCount(1);
  await expect(page.getByTestId("transfer-row").getByTestId("transfer-status")).toHaveText(/completed/i, { timeout: 20_000 });

  await member.reload();
  await expect(member.getByTestId("approvals-empty")).toBeVisible();
  await expect(member.getByTestId("transfer-row")).toHaveCount(1);
  await memberContext.close();
});
