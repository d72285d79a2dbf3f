import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { createSecretKey, signInDemo } from "./helpers";

// Issue 18 item 6 (supplement §10): a payment that is not a static account's (a bank transfer
// into a virtual account) is refunded from its page in the dashboard, the request waits in the
// admin's review queue, the admin approves it in /admin, and charge.refunded with the payment's
// channel appears in the merchant's webhook log (and reaches the receiver).

test.describe.configure({ mode: "serial" });

type Received = { event: string; data: { reference: string; channel: string; refunded_amount: number } };

async function startReceiver() {
  const events: Received[] = [];
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      try {
        events.push(JSON.parse(body) as Received);
      } catch {
        // not JSON: ignored
      }
      res.writeHead(200, { "content-type": "text/plain" });
      res.end("ok");
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, events, close: () => new Promise((r) => server.close(r)) };
}

let receiver: Awaited<ReturnType<typeof startReceiver>>;
let secret = "";
let reference = "";
let refundId = "";

async function api(request: APIRequestContext, method: "GET" | "POST", path: string, data?: unknown) {
  const r = await request.fetch(path, { method, headers: { "x-api-key": secret }, data });
  return { status: r.status(), body: await r.json() };
}

test.beforeAll(async () => {
  receiver = await startReceiver();
});
test.afterAll(async () => {
  await receiver.close();
});

test("setup: a virtual account of the demo business is paid by bank transfer", async ({ page, request }) => {
  await signInDemo(page, "business");
  await expect(page).toHaveURL(/\/dashboard$/);
  secret = await createSecretKey(page, { webhookUrl: receiver.url });
  const va = await api(request, "POST", "/v1/checkout/virtual-account", { amount: "36000.00" });
  expect(va.status, JSON.stringify(va.body)).toBe(200);
  const paid = await api(request, "POST", "/v1/sandbox/payments", {
    account_number: va.body.data.account_number,
    amount: 3_600_000,
    payer: { name: "Musa Danjuma", bank: "First Bank", account: "3012345678" },
  });
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  expect(paid.body.data).toMatchObject({ channel: "bank_transfer", status: "completed" });
  reference = paid.body.data.reference;
});

test("the merchant asks for the refund on the payment's page; it is in the dashboard's refunds list", async ({ page, request }) => {
  await signInDemo(page, "business");
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(`/dashboard/payments/${encodeURIComponent(reference)}`);
  await expect(page.getByTestId("payment-amount")).toHaveText("₦36,000.00");
  await page.getByTestId("refund-payment").click();
  const dialog = page.getByRole("dialog", { name: "Refund this payment" });
  await expect(dialog).toContainText("₦36,000.00 goes back to Musa Danjuma");
  // The wallet holds the net now (a 1% collection fee, ₦360, was taken when it was paid).
  await expect(dialog).toContainText("₦35,640.00 is held from your wallet");
  await dialog.getByLabel("Reason (optional)").fill("Order cancelled");
  await dialog.getByTestId("confirm-payment-refund").click();
  await expect(page.getByText("Refund requested: approve or reject it on its page (test mode)")).toBeVisible();
  const link = page.getByTestId("payment-refund-link");
  await expect(link).toContainText(/requested/i);
  await expect(page.getByTestId("refund-payment")).toHaveCount(0);

  const list = await api(request, "GET", "/v1/checkout/refunds?status=requested&page_size=100");
  const mine = (list.body.data.items as { id: string; payment_id: string }[]).find((r) => r.payment_id === reference)!;
  expect(mine).toMatchObject({ payment_id: reference, amount: "36000.00", status: "requested", reason: "Order cancelled" });
  refundId = mine.id;

  await page.goto("/dashboard/refunds");
  const row = page.locator(`[data-testid="refund-row"][data-refund-id="${refundId}"]`);
  await expect(row).toContainText("₦36,000.00");
  await expect(row.getByTestId("refund-channel")).toContainText("Bank transfer");
  await row.getByRole("link", { name: refundId }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/refunds/${refundId}$`));
  await expect(page.getByTestId("refund-channel")).toHaveText("Bank transfer");
  await expect(page.getByTestId("refund-status")).toHaveText(/requested/i);
});

test("the admin approves it in /admin: the money goes back to the payer", async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInDemo(page, "admin");
  await expect(page).toHaveURL(/\/admin$/);
  await page.getByRole("link", { name: /Refund reviews/ }).click();
  const row = page.locator(`[data-testid="admin-refund-row"][data-refund-id="${refundId}"]`);
  await expect(row).toContainText("₦36,000.00");
  await expect(row.getByTestId("admin-refund-channel")).toContainText("Bank transfer");
  await row.getByTestId("review-refund").click();
  await expect(page).toHaveURL(new RegExp(`/admin/refunds/${refundId}$`));
  await expect(page.getByTestId("refund-channel")).toHaveText("Bank transfer");
  await expect(page.getByTestId("refund-payer")).toContainText("3012345678");
  await page.getByTestId("approve-refund").click();
  await expect(page.getByRole("dialog")).toContainText("₦36,000.00");
  await page.getByTestId("confirm-approve-refund").click();
  await expect(page.getByText("₦36,000.00 returned to the payer")).toBeVisible();
  await expect(page.getByTestId("refund-status")).toHaveText(/completed/i);
  await context.close();
});

test("charge.refunded with the payment's channel is in the merchant's webhook log and reached the receiver", async ({ page, request }) => {
  await signInDemo(page, "business");
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto("/dashboard/developers/webhooks");
  const row = page.getByTestId("event-row").filter({ hasText: "charge.refunded" }).first();
  await expect(row).toBeVisible();
  await row.getByRole("link", { name: "charge.refunded" }).click();
  await expect(page.getByTestId("event-type")).toHaveText("charge.refunded");
  const payload = page.getByTestId("event-payload");
  await expect(payload).toContainText(`"reference": "${reference}"`);
  await expect(payload).toContainText('"channel": "bank_transfer"');
  await expect(payload).toContainText('"refunded_amount": 3600000');

  await expect.poll(() => receiver.events.some((e) => e.event === "charge.refunded" && e.data.reference === reference)).toBe(true);
  const sent = receiver.events.find((e) => e.event === "charge.refunded" && e.data.reference === reference)!;
  expect(sent.data).toMatchObject({ channel: "bank_transfer", refunded_amount: 3_600_000 });

  // The payment is refunded; a new request answers ALREADY_REFUNDED.
  await page.goto(`/dashboard/payments/${encodeURIComponent(reference)}`);
  await expect(page.getByTestId("payment-status")).toContainText(/refunded/i);
  await expect(page.getByTestId("payment-refund-link")).toContainText(/completed/i);
  const again = await api(request, "POST", "/v1/checkout/refunds", { reference });
  expect(again.status).toBe(400);
  expect(again.body.error).toMatchObject({ code: "ALREADY_REFUNDED" });
});
