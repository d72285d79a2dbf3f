import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { createSecretKey, signInDemo } from "./helpers";

// Issue 25 item 4 (supplement §10): a partial refund asked for from a payment's page, which
// shows what is left to refund before and after; then, in test mode, the merchant approves its
// own refund on the refund's page (no operator), and the payment shows what was refunded. At
// 1280 and 375 px, with no sideways scroll on either page.

test.describe.configure({ mode: "serial", timeout: 180_000 });

let secret = "";

async function api(request: APIRequestContext, method: "GET" | "POST", path: string, data?: unknown) {
  const r = await request.fetch(path, { method, headers: { "x-api-key": secret }, data });
  return { status: r.status(), body: await r.json() };
}

async function noSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
}

/** A ₦20,000.00 bank transfer into a new virtual account of the demo business (test mode): its transaction reference. */
async function paidByTransfer(request: APIRequestContext): Promise<string> {
  const va = await api(request, "POST", "/v1/checkout/virtual-account", { amount: "20000.00" });
  expect(va.status, JSON.stringify(va.body)).toBe(200);
  const paid = await api(request, "POST", "/v1/sandbox/payments", {
    account_number: va.body.data.account_number,
    amount: 2_000_000,
    payer: { name: "Ngozi Eze", bank: "Access Bank", account: "0690000031" },
  });
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  return paid.body.data.reference;
}

test("setup: a secret test key of the demo business", async ({ page }) => {
  await signInDemo(page, "business");
  await expect(page).toHaveURL(/\/dashboard$/);
  secret = await createSecretKey(page);
  expect(secret).toMatch(/^sk_test_/);
});

for (const width of [1280, 375]) {
  test(`at ${width} px: a partial refund from the payment's page shows what is left to refund; the merchant approves it (test mode)`, async ({
    browser,
    request,
  }) => {
    const reference = await paidByTransfer(request);
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    const page = await context.newPage();
    await signInDemo(page, "business");
    await expect(page).toHaveURL(/\/dashboard$/);

    await page.goto(`/dashboard/payments/${encodeURIComponent(reference)}`);
    await expect(page.getByTestId("payment-amount")).toHaveText("₦20,000.00");
    await expect(page.getByTestId("payment-refundable-amount")).toHaveText("₦20,000.00");
    await noSidewaysScroll(page);

    // Ask for ₦5,000 of it: the confirmation says exactly that amount is held and no fee comes back.
    await page.getByTestId("refund-payment").click();
    const dialog = page.getByRole("dialog", { name: "Refund this payment" });
    const amount = dialog.getByTestId("payment-refund-amount");
    await expect(amount).toHaveValue("20000.00");
    await expect(dialog.getByTestId("payment-refund-summary")).toContainText("₦19,800.00 is held from your wallet"); // the whole: its net
    await amount.fill("5,000");
    await expect(dialog.getByTestId("payment-refund-summary")).toContainText("₦5,000.00 goes back to Ngozi Eze");
    await expect(dialog.getByTestId("payment-refund-summary")).toContainText("₦5,000.00 is held from your wallet now");
    await expect(dialog.getByTestId("payment-refund-summary")).toContainText("no fee is returned");
    await dialog.getByLabel("Reason (optional)").fill("One of two items out of stock");
    await noSidewaysScroll(page);
    await dialog.getByTestId("confirm-payment-refund").click();
    await expect(page.getByText("Refund requested: approve or reject it on its page (test mode)")).toBeVisible();
    await expect(page.getByTestId("payment-refundable-amount")).toHaveText("₦15,000.00");
    const link = page.getByTestId("payment-refund-link");
    await expect(link).toHaveCount(1);
    await expect(link).toContainText("₦5,000.00");
    await expect(link).toContainText(/requested/i);

    // More than is left is refused at the field, in words, before anything is sent.
    await page.getByTestId("refund-payment").click();
    await expect(amount).toHaveValue("15000.00");
    await amount.fill("16000");
    await expect(dialog.getByTestId("payment-refund-amount-error")).toHaveText("The most this payment has left to refund is ₦15,000.00");
    await expect(dialog.getByTestId("confirm-payment-refund")).toBeDisabled();
    await dialog.getByRole("button", { name: "Cancel" }).click();

    // Test mode: the merchant approves its own refund on the refund's page.
    await link.click();
    await expect(page).toHaveURL(/\/dashboard\/refunds\/rfd_/);
    const refundId = page.url().split("/").pop()!;
    await expect(page.getByTestId("refund-amount")).toHaveText("₦5,000.00");
    await expect(page.getByTestId("refund-status")).toHaveText(/requested/i);
    await expect(page.getByTestId("refund-scope")).toHaveText("Part of a ₦20,000.00 payment");
    await expect(page.getByTestId("refund-held")).toHaveText("₦5,000.00");
    await noSidewaysScroll(page);
    await page.getByTestId("merchant-approve-refund").click();
    const approve = page.getByRole("dialog", { name: "Approve this test refund?" });
    await expect(approve).toContainText("₦5,000.00 goes back to Ngozi Eze");
    await approve.getByTestId("confirm-merchant-approve-refund").click();
    await expect(page.getByText("₦5,000.00 returned to the payer")).toBeVisible();
    await expect(page.getByTestId("refund-status")).toHaveText(/completed/i);
    await expect(page.getByTestId("merchant-refund-decision")).toHaveCount(0);
    await expect(page.getByTestId("refund-timeline")).toContainText("Approved");

    // The API agrees; the payment stays completed with ₦15,000.00 left to refund.
    const got = await api(request, "GET", `/v1/checkout/refunds/${refundId}`);
    expect(got.body.data).toMatchObject({ id: refundId, status: "completed", amount: "5000.00", payment_id: reference });
    await page.goto(`/dashboard/payments/${encodeURIComponent(reference)}`);
    await expect(page.getByTestId("payment-status")).toHaveText(/completed/i);
    await expect(page.getByTestId("payment-refundable")).toContainText("Refunded ₦5,000.00");
    await expect(page.getByTestId("payment-refundable-amount")).toHaveText("₦15,000.00");
    await expect(page.getByTestId("payment-refund-link")).toContainText(/completed/i);
    await noSidewaysScroll(page);
    await context.close();
  });
}
