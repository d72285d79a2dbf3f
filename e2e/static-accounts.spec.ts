import { expect, test, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import { createSecretKey, signIn, signInDemo, signUp, uniqueEmail } from "./helpers";

// Issue 6 "done when": a business signs up (static accounts off), an admin enables the product
// in /admin, the merchant creates a static account in the dashboard, sandbox payments arrive and
// show up, one refund is approved by the admin (completed, charge.refunded in the webhook log),
// another is rejected and that payment settles at the next run. The admin is seeded by
// `npm start` (lib/seed/seed-demo.ts).
const MERCHANT = { business: `Ikoyi Tailors ${Date.now()}`, email: uniqueEmail("sa-merchant"), password: "a-strong-password" };
const BVN = "22298765432";

test.describe.configure({ mode: "serial" });

let secret = "";
let accountId = "";
let accountNumber = "";
const refs = { approved: "", rejected: "" };
const refundIds = { approved: "", rejected: "" };

async function sandboxPay(request: APIRequestContext, body: Record<string, unknown>): Promise<string> {
  const r = await request.post("/v1/sandbox/payments", { headers: { "x-api-key": secret }, data: body });
  expect(r.status(), await r.text()).toBe(200);
  return (await r.json()).data.reference as string;
}

const paymentRow = (page: Page, reference: string) => page.locator(`[data-testid="sa-payment-row"][data-reference="${reference}"]`);

async function requestRefund(page: Page, reference: string, reason: string): Promise<string> {
  const row = paymentRow(page, reference);
  await row.getByTestId("request-refund").click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("₦");
  await dialog.getByTestId("refund-reason").fill(reason);
  await dialog.getByTestId("confirm-refund").click();
  await expect(row.getByTestId("sa-payment-settlement")).toHaveText(/under review/i);
  await expect(row.getByTestId("sa-payment-refund")).toHaveText(/requested/i);
  const href = (await row.getByTestId("sa-payment-refund").getAttribute("href"))!;
  return href.split("/").pop()!;
}

async function asAdmin(browser: Browser): Promise<Page> {
  const admin = await (await browser.newContext()).newPage();
  await signInDemo(admin, "admin");
  await expect(admin).toHaveURL(/\/admin/);
  return admin;
}

async function asMerchant(page: Page) {
  await signIn(page, MERCHANT.email, MERCHANT.password);
  await expect(page).toHaveURL(/\/dashboard$/);
}

test("a new business has static accounts off until an admin enables them in /admin", async ({ page, browser }) => {
  await signUp(page, MERCHANT);
  // Off: the menu leaves the static-account pages out (refunds stay: they work on every channel).
  const nav = page.getByRole("navigation", { name: "Dashboard" });
  await expect(nav.getByRole("link", { name: "Refunds" })).toBeVisible();
  // Grouped by what a merchant does.
  await expect(nav.locator("p")).toHaveText(["Receive", "Pay out", "Developers"]);
  await expect(nav.getByRole("link", { name: "Static accounts" })).toHaveCount(0);
  await expect(nav.getByRole("link", { name: "Settlements" })).toHaveCount(0);
  await page.goto("/dashboard/static-accounts");
  await expect(page.getByTestId("static-accounts-product")).toHaveAttribute("data-state", "disabled");
  await expect(page.getByTestId("new-static-account")).toHaveCount(0);
  await expect(page.getByTestId("static-accounts-empty")).toBeVisible();
  await page.goto("/dashboard/static-accounts/new");
  await expect(page.getByTestId("create-static-account")).toHaveCount(0);

  const admin = await asAdmin(browser);
  await admin.goto("/admin");
  const row = admin.locator('[data-testid^="merchant-row-"]').filter({ hasText: MERCHANT.business });
  await row.locator('[data-testid^="product-enabled-"]').click();
  await admin.getByTestId("confirm-product-state").click();
  await expect(row.locator('[data-testid^="product-state-"]')).toHaveText(/enabled/i);
  await admin.close();

  await page.goto("/dashboard/static-accounts");
  await expect(page.getByTestId("static-accounts-product")).toHaveAttribute("data-state", "enabled");
  await expect(nav.getByRole("link", { name: "Static accounts" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Settlements" })).toBeVisible();
  await expect(page.getByTestId("new-static-account")).toBeVisible();
});

test("the merchant creates a static account; sandbox payments arrive and show up; refunds are requested", async ({ page, request }) => {
  await asMerchant(page);
  secret = await createSecretKey(page, { webhookUrl: "http://127.0.0.1:9/unreachable" });

  await page.goto("/dashboard/static-accounts");
  await page.getByTestId("new-static-account").click();
  await page.getByTestId("sa-customer-name").fill("Chinedu Okafor");
  await page.getByTestId("sa-identity-type").selectOption("bvn");
  await page.getByTestId("sa-identity-number").fill(BVN);
  await page.getByTestId("sa-email").fill("chinedu@e2e.example.com");
  await page.getByTestId("sa-phone").fill("+2348012345678");
  const reference = `cust-${Date.now()}`;
  await page.getByTestId("sa-reference").fill(reference);
  await page.getByTestId("create-static-account").click();

  await expect(page).toHaveURL(/\/dashboard\/static-accounts\/sa_/);
  accountId = page.url().split("/").pop()!;
  await expect(page.getByTestId("sa-account-number")).toHaveText(/^\d{10}$/);
  accountNumber = (await page.getByTestId("sa-account-number").textContent())!;
  await expect(page.getByTestId("sa-bank-name")).not.toBeEmpty();
  await expect(page.getByTestId("sa-status")).toHaveText(/active/i);
  await expect(page.getByTestId("sa-reference")).toHaveText(reference);
  // The identity number is never shown back: only its last four, masked.
  await expect(page.getByTestId("sa-identity")).toHaveText(`BVN •••••••${BVN.slice(-4)}`);
  await expect(page.locator("body")).not.toContainText(BVN);
  await expect(page.getByTestId("sa-payments-empty")).toBeVisible();

  // The list finds it by customer name; a filter that excludes it says so.
  await page.goto("/dashboard/static-accounts?search=chinedu");
  await expect(page.getByTestId("static-account-row")).toHaveCount(1);
  await page.goto(`/dashboard/static-accounts?search=${accountNumber}&status=disabled`);
  await expect(page.getByTestId("static-accounts-empty")).toBeVisible();

  // Two transfers into the account (the sandbox books them as the bank would).
  const payer = { name: "Ngozi Adeyemi", bank: "Access Bank", account: "0123456789" };
  refs.approved = await sandboxPay(request, { account_number: accountNumber, amount: 2_500_000, payer, narration: "School fees" });
  refs.rejected = await sandboxPay(request, { account_number: accountNumber, amount: 1_000_000, payer });

  await page.goto(`/dashboard/static-accounts/${accountId}`);
  await expect(page.getByTestId("sa-payment-row")).toHaveCount(2);
  await expect(page.getByTestId("sa-inflow-count")).toHaveText("2");
  await expect(page.getByTestId("sa-total-received")).toHaveText("₦35,000.00");
  await expect(paymentRow(page, refs.approved)).toContainText("₦25,000.00");
  await expect(paymentRow(page, refs.approved)).toContainText("Ngozi Adeyemi");
  await expect(paymentRow(page, refs.approved).getByTestId("sa-payment-settlement")).toHaveText(/pending settlement/i);
  await expect(paymentRow(page, refs.approved)).toContainText("payout expected");

  // The payment is in Payments too, linked back to its account.
  await page.goto(`/dashboard/payments/${refs.approved}`);
  await expect(page.getByTestId("payment-static-account-link")).toContainText(accountNumber);
  await expect(page.getByTestId("payment-settlement")).toContainText(/pending settlement/i);
  await page.goto("/dashboard/developers/webhooks?type=charge.success");
  await expect(page.getByTestId("event-row")).toHaveCount(2);

  await page.goto(`/dashboard/static-accounts/${accountId}`);
  refundIds.approved = await requestRefund(page, refs.approved, "Customer paid twice");
  refundIds.rejected = await requestRefund(page, refs.rejected, "Wrong account");
  expect(refundIds.approved).toMatch(/^rfd_/);

  await page.goto("/dashboard/refunds?status=requested");
  await expect(page.getByTestId("refund-row")).toHaveCount(2);
  await page.goto(`/dashboard/refunds/${refundIds.approved}`);
  await expect(page.getByTestId("refund-amount")).toHaveText("₦25,000.00");
  await expect(page.getByTestId("refund-status")).toHaveText(/requested/i);

  // Settlement destination: the wallet by default; nothing batched yet.
  await page.goto("/dashboard/settlements");
  await expect(page.getByTestId("settlement-destination-current")).toContainText("wallet");
  await expect(page.getByTestId("batches-empty")).toBeVisible();
});

test("an admin approves one refund and rejects the other; the merchant sees it completed, and the rejected payment settles on the next run", async ({
  page,
  browser,
  request,
}) => {
  const admin = await asAdmin(browser);
  await admin.goto("/admin/refunds");
  // Both requests wait in the review queue; open the first.
  await expect(admin.locator(`a[href="/admin/refunds/${refundIds.rejected}"]`)).toBeVisible();
  await admin.locator(`a[href="/admin/refunds/${refundIds.approved}"]`).click();
  await expect(admin).toHaveURL(new RegExp(`/admin/refunds/${refundIds.approved}$`));
  await expect(admin.getByTestId("refund-amount")).toHaveText("₦25,000.00");
  await expect(admin.getByTestId("refund-reason")).toHaveText("Customer paid twice");
  await admin.getByTestId("approve-refund").click();
  await admin.getByTestId("confirm-approve-refund").click();
  await expect(admin.getByTestId("refund-status")).toHaveText(/processing|completed/i);

  await admin.goto(`/admin/refunds/${refundIds.rejected}`);
  await admin.getByTestId("reject-refund").click();
  await admin.getByRole("dialog").locator("textarea").fill("Payment was for a real order");
  await admin.getByTestId("confirm-reject-refund").click();
  await expect(admin.getByTestId("refund-status")).toHaveText(/rejected/i);
  await admin.close();

  await asMerchant(page);
  await page.goto(`/dashboard/refunds/${refundIds.approved}`);
  await expect(page.getByTestId("refund-status")).toHaveText(/completed/i, { timeout: 20_000 });
  await page.goto(`/dashboard/refunds/${refundIds.rejected}`);
  await expect(page.getByTestId("refund-status")).toHaveText(/rejected/i);
  await expect(page.getByTestId("refund-rejection-reason")).toHaveText("Payment was for a real order");

  await page.goto(`/dashboard/static-accounts/${accountId}`);
  await expect(paymentRow(page, refs.approved).getByTestId("sa-payment-settlement")).toHaveText(/refunded/i);
  await expect(paymentRow(page, refs.rejected).getByTestId("sa-payment-settlement")).toHaveText(/pending settlement/i);

  // The next run settles the rejected one to the wallet (₦10,000 less the 0.5% fee); the refunded one is not paid out.
  const run = await request.post("/v1/sandbox/settlement/run", { headers: { "x-api-key": secret } });
  expect(run.status(), await run.text()).toBe(200);
  expect((await run.json()).data).toMatchObject({ batched: 1, failed: 0 });
  await page.reload();
  await expect(paymentRow(page, refs.rejected).getByTestId("sa-payment-settlement")).toHaveText(/wallet credit|paid out/i);
  await page.goto("/dashboard/settlements");
  await expect(page.getByTestId("batch-row")).toHaveCount(1);
  await expect(page.getByTestId("batch-net")).toHaveText("₦9,950.00");
  await expect(page.getByTestId("payout-row")).toHaveCount(1);
});

test("the approved refund's charge.refunded is in the webhook log (the account was made in the dashboard: the wallet's keys hear it)", async ({ page }) => {
  await asMerchant(page);
  await page.goto("/dashboard/developers/webhooks?type=charge.refunded");
  await expect(page.getByTestId("event-row")).toHaveCount(1);
});

test("another business cannot open the account or its refund; disabling and deleting go through confirmations", async ({ page, browser }) => {
  const other = await (await browser.newContext()).newPage();
  await signUp(other, { business: "Nosy Ventures", email: uniqueEmail("sa-nosy"), password: "a-strong-password" });
  // (Streamed behind the loading skeleton, so the page is Next's not-found, under a 200.)
  await other.goto(`/dashboard/static-accounts/${accountId}`);
  await expect(other.getByText("This page could not be found.")).toBeVisible();
  await expect(other.getByTestId("sa-account-number")).toHaveCount(0);
  await other.goto(`/dashboard/refunds/${refundIds.approved}`);
  await expect(other.getByText("This page could not be found.")).toBeVisible();
  await other.close();

  await asMerchant(page);
  await page.goto(`/dashboard/static-accounts/${accountId}`);
  await page.getByTestId("sa-disable").click();
  await expect(page.getByRole("dialog")).toContainText(accountNumber);
  await page.getByTestId("sa-confirm-disable").click();
  await expect(page.getByTestId("sa-status")).toHaveText(/disabled/i);
  const refused = await page.request.post("/v1/sandbox/payments", {
    headers: { "x-api-key": secret },
    data: { account_number: accountNumber, amount: 100_000 },
  });
  expect(refused.status()).toBe(400);
  expect((await refused.json()).error.code).toBe("DESTINATION_CLOSED");
  await page.getByTestId("sa-enable").click();
  await expect(page.getByTestId("sa-status")).toHaveText(/active/i);
  await page.getByTestId("sa-delete").click();
  await expect(page.getByRole("dialog")).toContainText("permanent");
  await page.getByTestId("sa-confirm-delete").click();
  await expect(page.getByTestId("sa-status")).toHaveText(/deleted/i);
  await expect(page.getByTestId("sa-delete")).toHaveCount(0);
});

test("the owner points settlements at a bank account checked by name enquiry, then back to the wallet", async ({ page }) => {
  await asMerchant(page);
  // The destination lives in Settings; the Settlements page links to it.
  await page.goto("/dashboard/settlements");
  await page.getByTestId("settlement-destination-link").click();
  await expect(page).toHaveURL(/\/dashboard\/settings\/settlement$/);
  await page.getByTestId("destination-bank_account").click();
  await page.getByTestId("settle-bank").selectOption({ label: "Guaranty Trust Bank" });
  await page.getByTestId("settle-account").fill("0000000000");
  await expect(page.getByText("Account not found.")).toBeVisible();
  await expect(page.getByTestId("save-settlement-destination")).toBeDisabled();
  await page.getByTestId("settle-account").fill("0123456789");
  await expect(page.getByTestId("settle-account-name")).not.toBeEmpty();
  const name = (await page.getByTestId("settle-account-name").textContent())!;
  await expect(page.getByTestId("save-settlement-destination")).toHaveText(`Pay settlements to ${name}`);
  await page.getByTestId("save-settlement-destination").click();
  await expect(page.getByTestId("settlement-destination-current")).toContainText(name);
  await expect(page.getByTestId("settlement-destination-current")).toContainText("0123456789");

  await page.getByTestId("destination-wallet").click();
  await page.getByTestId("save-settlement-destination").click();
  await expect(page.getByTestId("settlement-destination-current")).toContainText("wallet");
});
