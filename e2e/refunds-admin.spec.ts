import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { createSecretKey, signInDemo, signUp, uniqueEmail } from "./helpers";

// The admin area (issue 6): the refund review queue with its four-eyes review page, approve
// (money back to the payer, completed), reject with a reason, a bank failure (failed, payment
// back to settlement), an admin not acting twice on one refund, the static-account product per
// merchant, suspending one account, and the ledger audit. Data comes through the public API
// on the seeded demo business (static accounts enabled by the seed).

test.describe.configure({ mode: "serial" });

let secret = "";
let account: { id: string; account_number: string } = { id: "", account_number: "" };
const refunds: Record<"approve" | "reject" | "fail", string> = { approve: "", reject: "", fail: "" };

async function api(request: APIRequestContext, method: "GET" | "POST", path: string, data?: unknown) {
  const r = await request.fetch(path, { method, headers: { "x-api-key": secret }, data });
  const body = await r.json();
  return { status: r.status(), body };
}

async function payAndRequestRefund(request: APIRequestContext, amount: number, payer: Record<string, string>, reason: string): Promise<string> {
  const paid = await api(request, "POST", "/v1/sandbox/payments", { account_number: account.account_number, amount, payer });
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  const payments = await api(request, "GET", `/v1/checkout/static-account/${account.id}/payments`);
  const payment = (payments.body.data.items as { id: string; amount: string }[]).find((p) => p.amount === (amount / 100).toFixed(2))!;
  const refund = await api(request, "POST", `/v1/checkout/static-account/${account.id}/payments/${payment.id}/refund`, { reason });
  expect(refund.status, JSON.stringify(refund.body)).toBe(200);
  expect(refund.body.data).toMatchObject({ status: "requested", reason, payment_id: payment.id });
  return refund.body.data.id as string;
}

async function signInAdmin(page: Page) {
  await signInDemo(page, "admin");
  await expect(page).toHaveURL(/\/admin$/);
}

const queueRow = (page: Page, id: string) => page.locator(`[data-testid="admin-refund-row"][data-refund-id="${id}"]`);

test("setup: the demo business opens a static account, takes three payments and asks for three refunds", async ({ page, request }) => {
  await signInDemo(page, "business");
  await expect(page).toHaveURL(/\/dashboard$/);
  secret = await createSecretKey(page);
  const created = await api(request, "POST", "/v1/checkout/static-account", {
    customer_name: "Bola Ahmed",
    identity_type: "bvn",
    identity_number: "22212345678",
    reference: `admin-e2e-${Date.now()}`,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  account = created.body.data;
  refunds.approve = await payAndRequestRefund(request, 4_200_000, { name: "Tunde Bello", bank: "GTBank", account: "0123456789" }, "Paid twice");
  refunds.reject = await payAndRequestRefund(request, 1_300_000, { name: "Kemi Ade", bank: "Zenith Bank", account: "0987654321" }, "Customer changed mind");
  refunds.fail = await payAndRequestRefund(request, 700_000, { name: "Ghost Payer", bank: "Nowhere Bank", account: "0000000000" }, "Unknown payer");
});

test("a merchant (not an admin) cannot reach the refund queue", async ({ page }) => {
  await signInDemo(page, "business");
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto("/admin/refunds");
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("the admin reviews with the account's history and approves: the money goes back, the payment is refunded", async ({ page, request }) => {
  await signInAdmin(page);
  await page.getByRole("link", { name: /Refund reviews/ }).click();
  await expect(page).toHaveURL(/\/admin\/refunds$/);
  await expect(page.getByTestId("admin-pending-reviews")).toBeVisible();
  for (const id of Object.values(refunds)) await expect(queueRow(page, id)).toBeVisible();
  await expect(queueRow(page, refunds.approve)).toContainText("₦42,000.00");
  await expect(queueRow(page, refunds.approve)).toContainText("Tunde Bello");
  await expect(queueRow(page, refunds.approve)).toContainText("Demo Store");

  await queueRow(page, refunds.approve).getByTestId("review-refund").click();
  await expect(page).toHaveURL(new RegExp(`/admin/refunds/${refunds.approve}$`));
  await expect(page.getByTestId("refund-amount")).toHaveText("₦42,000.00");
  await expect(page.getByTestId("refund-status")).toHaveText(/requested/i);
  await expect(page.getByTestId("refund-reason")).toHaveText("Paid twice");
  await expect(page.getByTestId("refund-payer")).toContainText("0123456789");
  await expect(page.getByTestId("refund-payment-settlement")).toHaveText(/under review/i);
  // Four eyes: the account's other payments and refunds are on the page.
  await expect(page.getByTestId("account-history").locator("tr")).toHaveCount(3);

  // A second tab holds the same refund open (to try acting twice).
  const second = await page.context().newPage();
  await second.goto(`/admin/refunds/${refunds.approve}`);

  await page.getByTestId("approve-refund").click();
  await expect(page.getByRole("dialog")).toContainText("₦42,000.00");
  await expect(page.getByRole("dialog")).toContainText("Tunde Bello");
  await page.getByTestId("confirm-approve-refund").click();
  await expect(page.getByText("₦42,000.00 returned to the payer")).toBeVisible();
  await expect(page.getByTestId("refund-status")).toHaveText(/completed/i);
  await expect(page.getByTestId("refund-payment-settlement")).toHaveText(/refunded/i);
  await expect(page.getByTestId("refund-timeline")).toContainText("Approved by admin@owo.test");

  // The stale tab cannot decide it again.
  await second.getByTestId("reject-refund").click();
  await second.getByTestId("rejection-reason").fill("Too late");
  await second.getByTestId("confirm-reject-refund").click();
  await expect(second.getByText("This refund is completed and can no longer be rejected.")).toBeVisible();
  await second.close();

  const seen = await api(request, "GET", `/v1/checkout/static-account/refunds/${refunds.approve}`);
  expect(seen.body.data).toMatchObject({ status: "completed", amount: "42000.00" });
  expect(seen.body.data.completed_at).not.toBeNull();
});

test("the admin rejects with a reason from the queue, and a bank failure ends failed with the payment back to settlement", async ({ page, request }) => {
  await signInAdmin(page);
  await page.goto("/admin/refunds");
  await queueRow(page, refunds.reject).getByTestId("reject-refund").click();
  await expect(page.getByTestId("confirm-reject-refund")).toBeDisabled();
  await page.getByTestId("rejection-reason").fill("The order was delivered");
  await page.getByTestId("confirm-reject-refund").click();
  await expect(queueRow(page, refunds.reject)).toHaveCount(0);

  await queueRow(page, refunds.fail).getByTestId("approve-refund").click();
  await page.getByTestId("confirm-approve-refund").click();
  await expect(page.getByText("The bank could not return the money: Payer account not found")).toBeVisible();
  await expect(queueRow(page, refunds.fail)).toHaveCount(0);

  await page.goto("/admin/refunds?status=failed");
  await queueRow(page, refunds.fail).getByTestId("review-refund").click();
  await expect(page.getByTestId("refund-status")).toHaveText(/failed/i);
  await expect(page.getByTestId("refund-failure-reason")).toHaveText("Payer account not found");
  await expect(page.getByTestId("refund-payment-settlement")).toHaveText(/pending settlement/i);

  const rejected = await api(request, "GET", `/v1/checkout/static-account/refunds/${refunds.reject}`);
  expect(rejected.body.data).toMatchObject({ status: "rejected", rejection_reason: "The order was delivered" });
  const list = await api(request, "GET", "/v1/checkout/static-account/refunds?status=failed");
  expect((list.body.data.items as { id: string }[]).map((r) => r.id)).toContain(refunds.fail);
});

test("merchants: the admin enables and suspends the product for a business, and suspends one static account", async ({ page, browser, request }) => {
  const owner = await browser.newPage();
  const business = `Product Co ${Date.now()}`;
  await signUp(owner, { business, email: uniqueEmail("product"), password: "a-strong-password" });
  await owner.close();

  await signInAdmin(page);
  const row = page.getByTestId("admin-merchants").locator("tr", { hasText: business });
  await expect(row).toContainText(/disabled/i);
  await row.getByRole("button", { name: "Enable" }).click();
  await expect(page.getByRole("dialog")).toContainText("can create static NGN accounts");
  await page.getByTestId("confirm-product-state").click();
  await expect(row).toContainText(/enabled/i);
  await row.getByRole("button", { name: "Suspend" }).click();
  await page.getByTestId("confirm-product-state").click();
  await expect(row).toContainText(/suspended/i);

  // The demo business's account, suspended by the service: payments to it are refused.
  await page.goto("/admin?q=Demo%20Store"); // newest first, 25 a page: the demo business is found by searching
  await page.getByTestId("admin-merchants").getByRole("link", { name: "Demo Store" }).click();
  await expect(page.getByTestId("admin-merchant-name")).toHaveText("Demo Store");
  await expect(page.getByTestId(`account-status-${account.id}`)).toHaveText(/active/i);
  await page.getByTestId(`suspend-${account.id}`).click();
  await expect(page.getByRole("dialog")).toContainText(account.account_number);
  await page.getByTestId("confirm-suspend").click();
  await expect(page.getByTestId(`account-status-${account.id}`)).toHaveText(/suspended/i);
  const refused = await api(request, "POST", "/v1/sandbox/payments", { account_number: account.account_number, amount: 100_000 });
  expect(refused.status).toBe(400);
  expect(refused.body.error.code).toBe("DESTINATION_CLOSED");
});

test("ledger audit: the ledger balances after every refund path", async ({ page }) => {
  await signInAdmin(page);
  await page.getByRole("link", { name: "Ledger audit" }).click();
  await expect(page.getByTestId("ledger-audit-result")).toHaveText("Balanced: the ledger holds");
  await expect(page.getByTestId("ledger-imbalance")).toHaveText("₦0.00");
  await expect(page.getByTestId("ledger-unbalanced")).toHaveText("0");
  await expect(page.getByTestId("ledger-mismatched")).toHaveText("0");
});
