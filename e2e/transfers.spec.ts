import fs from "node:fs";
import { formatNaira } from "../lib/money";
import { expect, test } from "@playwright/test";
import type { OwoError } from "../client/owo-client";
import { createSecretKey, owoClient, signUp, uniqueEmail } from "./helpers";

test("send a bank transfer and a PayID transfer from the dashboard, see both complete, export the CSV", async ({ page, browser }) => {
  // A second business to receive the PayID transfer.
  const other = await browser.newPage();
  await signUp(other, { business: "Receiver Stores", email: uniqueEmail("recv"), password: "a-strong-password" });
  const recipientPayId = (await other.getByTestId("wallet-payid").textContent())!;
  await other.close();

  await signUp(page, { business: "Sender Ltd", email: uniqueEmail("send"), password: "a-strong-password" });
  await page.getByLabel("Amount in naira").fill("100000");
  await page.getByTestId("fund-wallet").click();
  await expect(page.getByTestId("wallet-balance")).toHaveText("₦100,000.00");

  // Bank transfer: name enquiry, quote, confirmation, then the bank settles it.
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Transfers" }).click();
  await expect(page.getByTestId("transfers-empty")).toBeVisible();
  await page.getByTestId("send-money").click();
  await page.getByLabel("Bank").selectOption({ label: "Guaranty Trust Bank" });
  await page.getByLabel("Account number").fill("0123456789");
  await expect(page.getByTestId("recipient-name")).not.toBeEmpty();
  const bankRecipient = (await page.getByTestId("recipient-name").textContent())!;
  await page.getByLabel("Amount (₦)").fill("12500");
  await expect(page.getByTestId("quote-total")).toHaveText("₦12,576.88"); // 12,500 + 25 fee + 1.88 VAT + 50 stamp duty
  await page.getByTestId("review-transfer").click();
  await expect(page.getByRole("dialog")).toContainText(`Send ₦12,500.00 to ${bankRecipient}`);
  await page.getByTestId("confirm-send").click();
  await expect(page).toHaveURL(/\/dashboard\/transfers\/TRF_/);
  await expect(page.getByTestId("transfer-amount")).toHaveText("₦12,500.00");
  await expect(page.getByTestId("transfer-status")).toHaveText(/completed/i, { timeout: 20_000 });
  await expect(page.getByTestId("transfer-breakdown")).toContainText("Total debited₦12,576.88");
  const bankRef = (await page.getByTestId("transfer-reference").textContent())!;

  // PayID transfer: completes at once, free.
  await page.goto("/dashboard/transfers/new");
  await page.getByRole("radio", { name: "PayID" }).click();
  await page.getByLabel("Recipient PayID").fill(recipientPayId);
  await page.getByLabel("Recipient PayID").blur();
  await expect(page.getByTestId("recipient-name")).toHaveText("Receiver Stores");
  await page.getByLabel("Amount (₦)").fill("2000");
  await expect(page.getByTestId("quote-total")).toHaveText("₦2,000.00");
  await page.getByTestId("review-transfer").click();
  await page.getByTestId("confirm-send").click();
  await expect(page.getByTestId("transfer-status")).toHaveText(/completed/i);

  await page.goto("/dashboard/transfers");
  await expect(page.getByTestId("transfer-row")).toHaveCount(2);
  await expect(page.getByTestId("transfers-total")).toContainText("2 transfers");
  await page.goto("/dashboard");
  await expect(page.getByTestId("wallet-balance")).toHaveText("₦85,423.12"); // 100,000 − 12,576.88 − 2,000

  // Search narrows the list; the CSV holds the filtered rows.
  await page.goto(`/dashboard/transfers?search=${encodeURIComponent(bankRef)}`);
  await expect(page.getByTestId("transfer-row")).toHaveCount(1);
  await page.goto("/dashboard/transfers");
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("export-csv").click()]);
  const csv = fs.readFileSync((await download.path())!, "utf8");
  expect(csv.split("\r\n")[0]).toContain("reference,merchant_reference,type,status,amount_naira");
  expect(csv).toContain(bankRef);
  expect(csv).toContain("12500.00");
  expect(csv).toContain("Receiver Stores");
});

test("a transfer larger than the balance cannot be reviewed", async ({ page }) => {
  await signUp(page, { business: "Broke Co", email: uniqueEmail("broke"), password: "a-strong-password" });
  await page.goto("/dashboard/transfers/new");
  await page.getByLabel("Bank").selectOption({ label: "Access Bank" });
  await page.getByLabel("Account number").fill("1234567890");
  await expect(page.getByTestId("recipient-name")).not.toBeEmpty();
  await page.getByLabel("Amount (₦)").fill("500");
  await expect(page.getByTestId("insufficient")).toBeVisible();
  await expect(page.getByTestId("review-transfer")).toBeDisabled();
});

test("a failed transfer's page says the money came back to the wallet, fees included", async ({ page }) => {
  await signUp(page, { business: "Returned Goods Ltd", email: uniqueEmail("failed-transfer"), password: "a-strong-password" });
  await page.getByLabel("Amount in naira").fill("100000");
  await page.getByTestId("fund-wallet").click();
  await expect(page.getByTestId("wallet-balance")).toHaveText("₦100,000.00");
  const secret = await createSecretKey(page);
  const owo = owoClient(page.request, secret);
  const resolved = await owo.resolveBankAccount({ account_number: "0123456789", bank_code: "058" });
  // The sandbox bank fails it when told before it settles; the scheduler may settle an undecided one first: then a new one.
  let reference: string | null = null;
  let settledFirst = 0; // attempts the scheduler completed before the outcome was set: their money really left
  for (let attempt = 0; attempt < 5 && !reference; attempt++) {
    const t = await owo.initiateTransfer({
      type: "bank_transfer",
      account_number: "0123456789",
      bank_code: "058",
      account_name: resolved.account_name,
      amount: 1_250_000,
    });
    const decided = await owo.setSandboxTransferOutcome(t.reference, { status: "failed", reason: "Beneficiary account closed" }).then(
      () => true,
      (e: OwoError) => (e.code === "INVALID_STATE" ? false : Promise.reject(e)),
    );
    if (decided) reference = t.reference;
    else settledFirst++;
  }
  expect(reference, "a pending transfer decided as failed").not.toBeNull();
  await expect.poll(async () => (await owo.verifyTransfer(reference!)).status, { timeout: 20_000 }).toBe("failed");

  await page.goto(`/dashboard/transfers/${reference}`);
  await expect(page.getByTestId("transfer-status")).toHaveText(/failed/i);
  // ₦12,500 + ₦25 fee + ₦1.88 VAT + ₦50 stamp duty, all returned.
  await expect(page.getByTestId("transfer-returned")).toContainText("The money came back: ₦12,576.88 was returned to your wallet");
  await expect(page.getByTestId("transfer-returned")).toContainText("fees included");
  const breakdown = page.getByTestId("transfer-breakdown");
  await expect(breakdown).toContainText("Total debited₦12,576.88");
  await expect(breakdown).toContainText("Returned to your wallet−₦12,576.88");
  await expect(breakdown).toContainText("Net from your wallet₦0.00");
  await page.goto("/dashboard/balance");
  // Everything the failed transfer took came back; a completed earlier attempt's ₦12,576.88 did not.
  const left = 10_000_000 - settledFirst * 1_257_688;
  await expect(page.getByTestId("wallet-balance")).toHaveText(formatNaira(left));
});
