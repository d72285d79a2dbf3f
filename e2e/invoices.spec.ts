import { expect, test, type Page } from "@playwright/test";
import { signInDemo as signInAs } from "./helpers";

// Invoices from the dashboard, on the seeded demo business (test mode), paid through the
// hosted invoice page (/i/<public_id>) with its test-mode "Simulate payment".
const run = Date.now().toString(36);

async function signInDemo(page: Page) {
  await signInAs(page, "business");
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** Fills line item `i` of the invoice editor. */
async function fillItem(page: Page, i: number, item: { description: string; quantity: string; price: string }) {
  await page.getByTestId(`inv-item-description-${i}`).fill(item.description);
  await page.getByTestId(`inv-item-quantity-${i}`).fill(item.quantity);
  await page.getByTestId(`inv-item-price-${i}`).fill(item.price);
}

test("an invoice made in the dashboard with two items, tax and partial payments is sent, paid in two parts on its payment page, and shows Paid with both payments and its timeline", async ({
  page,
  context,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await signInDemo(page);
  await page.getByRole("link", { name: "Invoices", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/invoices$/);
  await expect(page.getByRole("heading", { name: "Invoices" })).toBeVisible();

  // The editor: two line items in naira, 7.5% tax, totals live and exact to the kobo.
  await page.getByTestId("new-invoice").click();
  await expect(page).toHaveURL(/\/dashboard\/invoices\/new$/);
  const customer = `Chidi Okeke ${run}`;
  await page.getByLabel("Customer name").fill(customer);
  await page.getByLabel("Customer email").fill(`chidi-${run}@example.com`);
  await fillItem(page, 0, { description: "Website design", quantity: "2", price: "12,500.50" });
  await page.getByTestId("inv-add-item").click();
  await fillItem(page, 1, { description: "Hosting (1 year)", quantity: "1", price: "30000" });
  await expect(page.getByTestId("inv-item-amount-0")).toHaveText("₦25,001.00");
  await page.getByLabel("Tax rate (%)").fill("7.5");
  await expect(page.getByTestId("inv-subtotal")).toHaveText("₦55,001.00");
  await expect(page.getByTestId("inv-tax")).toHaveText("₦4,125.08"); // 412,507.5 kobo, half up
  await expect(page.getByTestId("inv-total")).toHaveText("₦59,126.08");
  await page.getByTestId("inv-allow-partial").check();
  await page.getByLabel("Your reference (optional)").fill(`order-${run}`);
  await expect(page.getByTestId("inv-create-send")).toHaveText("Create and send ₦59,126.08");
  await page.getByTestId("inv-create-send").click();

  await expect(page).toHaveURL(/\/dashboard\/invoices\/inv_[A-Za-z0-9_]+$/);
  const detailUrl = page.url();
  const publicId = detailUrl.split("/").pop()!;
  await expect(page.getByTestId("inv-status")).toHaveText(/^sent$/i);
  await expect(page.getByTestId("inv-number")).toHaveText(/^INV-\d{6}$/);
  const number = (await page.getByTestId("inv-number").textContent())!;
  await expect(page.getByTestId("inv-total")).toHaveText("₦59,126.08");
  await expect(page.getByTestId("inv-remaining")).toHaveText("₦59,126.08");
  await expect(page.getByTestId("inv-partial")).toHaveText("Allowed");
  await expect(page.getByTestId("inv-public-id")).toContainText(publicId);
  await expect(page.getByTestId("inv-line-item")).toHaveCount(2);

  // Copy the payment link, then open the payment page from the dashboard.
  const link = (await page.getByTestId("inv-payment-link").textContent())!.trim();
  expect(link).toMatch(new RegExp(`/i/${publicId}$`));
  await page.getByRole("button", { name: "Copy payment link" }).click();
  await expect(page.getByText("Copied").first()).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  const [hosted] = await Promise.all([context.waitForEvent("page"), page.getByTestId("inv-open-payment-page").click()]);
  await hosted.waitForLoadState();
  expect(hosted.url()).toBe(link);

  // First part by bank transfer: ₦20,000.00 of ₦59,126.08.
  await expect(hosted.getByTestId("invoice-status")).toHaveText(/sent/i);
  await expect(hosted.getByTestId("invoice-total")).toContainText("₦59,126.08");
  await hosted.getByTestId("invoice-pay-amount").fill("20000");
  await hosted.getByTestId("invoice-method-bank_transfer").click();
  await expect(hosted.getByTestId("invoice-account-number")).toHaveText(/^\d{10}$/);
  await hosted.getByTestId("invoice-simulate").click();
  await expect(hosted.getByTestId("invoice-amount-paid")).toContainText("₦20,000.00");
  await expect(hosted.getByTestId("invoice-amount-remaining")).toContainText("₦39,126.08");
  await expect(hosted.getByTestId("invoice-status")).toHaveText(/partial/i);

  // The rest by PayID.
  await hosted.getByTestId("invoice-pay-amount").fill("39126.08");
  await hosted.getByTestId("invoice-method-payid").click();
  await expect(hosted.getByTestId("invoice-payid")).toBeVisible();
  await hosted.getByTestId("invoice-simulate").click();
  await expect(hosted.getByTestId("invoice-receipt")).toBeVisible();
  await expect(hosted.getByTestId("invoice-status")).toHaveText(/paid/i);
  await hosted.close();

  // Back in the dashboard: Paid, both payments, the timeline and the events.
  await page.goto(detailUrl);
  await expect(page.getByTestId("inv-status")).toHaveText(/^paid$/i);
  await expect(page.getByTestId("inv-paid")).toHaveText("₦59,126.08");
  await expect(page.getByTestId("inv-remaining")).toHaveText("₦0.00");
  const rows = page.getByTestId("inv-payment-row");
  await expect(rows).toHaveCount(2);
  await expect(page.getByTestId("inv-payments-table")).toContainText("₦20,000.00");
  await expect(page.getByTestId("inv-payments-table")).toContainText("₦39,126.08");
  const timeline = page.getByTestId("inv-timeline-entry");
  await expect(timeline).toHaveText([/^Created/, /^Sent/, /^Payment of ₦20,000\.00 received/, /^Payment of ₦39,126\.08 received/, /^Paid in full/]);
  await expect(page.getByTestId("inv-events")).toContainText("invoice.created");
  await expect(page.getByTestId("inv-events")).toContainText("invoice.payment_received");
  await expect(page.getByTestId("inv-events")).toContainText("invoice.paid");
  await expect(page.getByTestId("inv-pause")).toHaveCount(0);
  await expect(page.getByTestId("inv-cancel")).toHaveCount(0);

  // A payment links to its page under Payments.
  const reference = (await rows.first().getAttribute("data-reference"))!;
  await rows.first().getByRole("link").click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/payments/${reference}$`));
  await expect(page.getByTestId("payment-amount")).toHaveText("₦20,000.00");

  // The printable view.
  await page.goto(`${detailUrl}/print`);
  await expect(page.getByTestId("inv-print-sheet")).toContainText(number);
  await expect(page.getByTestId("inv-print-total")).toHaveText("₦59,126.08");
  await expect(page.getByTestId("inv-print-button")).toBeVisible();

  // The list: searched, filtered by status, exported as CSV.
  await page.goto("/dashboard/invoices");
  await page.getByTestId("invoices-search").fill(customer);
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/search=/);
  await expect(page.getByTestId("invoice-row")).toHaveCount(1);
  await expect(page.getByTestId("invoice-row")).toContainText(number);
  await expect(page.getByTestId("invoice-row")).toContainText("₦59,126.08");
  await expect(page.getByTestId("invoice-row")).toContainText(/paid/i);
  await page.getByTestId("invoices-status-filter").selectOption("draft");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByTestId("invoices-empty")).toContainText("No invoices match these filters");
  const csv = await page.request.get(`/dashboard/invoices/export?search=${encodeURIComponent(customer)}`);
  expect(csv.headers()["content-type"]).toContain("text/csv");
  const text = await csv.text();
  expect(text.split("\r\n")[0]).toContain("invoice_number");
  expect(text).toContain(`${publicId},${number},paid,false,${customer}`);
  expect(text).toContain("59126.08");
});

test("a draft shows inline errors from the API's schema, is edited, then sent; it is paused and resumed, then cancelled behind a confirmation that says what happens", async ({
  page,
}) => {
  await signInDemo(page);
  await page.goto("/dashboard/invoices/new");

  // Inline errors: the editor's own (a price that is not naira), then the server's zod messages.
  await fillItem(page, 0, { description: "Consulting", quantity: "1", price: "12.345" });
  await expect(page.getByTestId("inv-line-item").first()).toContainText("Use at most two decimal places (kobo)");
  await page.getByTestId(`inv-item-price-0`).fill("5000");
  await page.getByLabel("Customer email").fill("not-an-email");
  await page.getByTestId("inv-save-draft").click();
  await expect(page.getByText("Customer name must not be empty")).toBeVisible();
  await expect(page.getByText("Customer email must be a valid email address")).toBeVisible();

  const customer = `Amaka Eze ${run}`;
  await page.getByLabel("Customer name").fill(customer);
  await page.getByLabel("Customer email").fill(`amaka-${run}@example.com`);
  await page.getByLabel("Note (optional)").fill("Thank you for your business.");
  await page.getByTestId("inv-save-draft").click();
  await expect(page).toHaveURL(/\/dashboard\/invoices\/inv_[A-Za-z0-9_]+$/);
  const detailUrl = page.url();
  const link = (await page.getByTestId("inv-payment-link").textContent())!.trim();
  await expect(page.getByTestId("inv-status")).toHaveText(/^draft$/i);
  await expect(page.getByTestId("inv-total")).toHaveText("₦5,000.00");
  await expect(page.getByTestId("inv-draft-note")).toBeVisible();
  await expect(page.getByTestId("inv-pause")).toHaveCount(0);

  // A draft's payment page takes nothing.
  await page.goto(link);
  await expect(page.getByTestId("invoice-closed")).toHaveAttribute("data-state", "draft");

  // Edit: three of them and a second item.
  await page.goto(detailUrl);
  await page.getByTestId("inv-edit").click();
  await expect(page).toHaveURL(/\/edit$/);
  await expect(page.getByTestId("inv-item-description-0")).toHaveValue("Consulting");
  await expect(page.getByTestId("inv-item-price-0")).toHaveValue("5000.00");
  await page.getByTestId("inv-item-quantity-0").fill("3");
  await page.getByTestId("inv-add-item").click();
  await fillItem(page, 1, { description: "Travel", quantity: "1", price: "2500.25" });
  await page.getByTestId("inv-add-item").click();
  await fillItem(page, 2, { description: "Mistake", quantity: "1", price: "1" });
  await page.getByTestId("inv-remove-item-2").click();
  await expect(page.getByTestId("inv-line-item")).toHaveCount(2);
  await expect(page.getByTestId("inv-total")).toHaveText("₦17,500.25");
  await page.getByTestId("inv-save-draft").click();
  await expect(page).toHaveURL(detailUrl);
  await expect(page.getByTestId("inv-total")).toHaveText("₦17,500.25");
  await expect(page.getByTestId("inv-status")).toHaveText(/^draft$/i);

  // Send (confirmation restates amount and customer).
  await page.getByTestId("inv-send").click();
  await expect(page.getByRole("dialog")).toContainText(`₦17,500.25 to ${customer}`);
  await page.getByTestId("inv-confirm-send").click();
  await expect(page.getByTestId("inv-status")).toHaveText(/^sent$/i);
  await expect(page.getByTestId("inv-edit")).toHaveCount(0);

  // Pause: the payment page takes no payment; resume.
  await page.getByTestId("inv-pause").click();
  await page.getByTestId("inv-confirm-pause").click();
  await expect(page.getByTestId("inv-status-paused")).toBeVisible();
  await page.goto(link);
  await expect(page.getByTestId("invoice-closed")).toHaveAttribute("data-state", "paused");
  await page.goto(detailUrl);
  await page.getByTestId("inv-resume").click();
  await expect(page.getByTestId("inv-status-paused")).toHaveCount(0);
  await expect(page.getByTestId("inv-pause")).toBeVisible();

  // Cancel: the confirmation says what happens, amounts included; the button says what it does.
  await page.getByTestId("inv-cancel").click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("This cannot be undone");
  await expect(dialog).toContainText("The payment page stops taking payments for good");
  await expect(dialog).toContainText(`The ₦17,500.25 still owed by ${customer} will not be collected`);
  await dialog.getByRole("button", { name: "Keep it" }).click();
  await expect(page.getByTestId("inv-status")).toHaveText(/^sent$/i);
  await page.getByTestId("inv-cancel").click();
  await expect(page.getByTestId("inv-confirm-cancel")).toHaveText(/^Cancel INV-\d{6}$/);
  await page.getByTestId("inv-confirm-cancel").click();
  await expect(page.getByTestId("inv-status")).toHaveText(/^cancelled$/i);
  await expect(page.getByTestId("inv-cancel")).toHaveCount(0);
  await expect(page.getByTestId("inv-timeline-entry")).toHaveText([/^Created/, /^Edited/, /^Sent/, /^Paused/, /^Resumed/, /^Cancelled/]);
  await page.goto(link);
  await expect(page.getByTestId("invoice-closed")).toHaveAttribute("data-state", "cancelled");
});
