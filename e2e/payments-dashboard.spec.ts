import fs from "node:fs";
import { expect, test } from "@playwright/test";
import { createSecretKey, signUp, uniqueEmail } from "./helpers";

test("a session paid after a method switch: Checkout sessions shows its timeline live, Payments lists, searches, filters and exports it; another business gets 404", async ({
  page,
  request,
  browser,
}) => {
  await signUp(page, { business: "Adaeze Crafts", email: uniqueEmail("recv"), password: "a-strong-password" });
  const walletPayId = (await page.getByTestId("wallet-payid").textContent())!;

  const secret = await createSecretKey(page);
  const api = async (path: string, data: unknown) => {
    const r = await request.post(path, { headers: { "x-api-key": secret }, data });
    expect(r.status(), await r.text()).toBe(200);
    return (await r.json()).data;
  };

  // Empty states say what to do next.
  await page.getByRole("link", { name: "Payments", exact: true }).click();
  await expect(page.getByTestId("payments-empty")).toContainText("No payments yet");
  await page.getByRole("link", { name: "Checkout sessions" }).click();
  await expect(page.getByTestId("sessions-empty")).toContainText("No checkout sessions yet");

  // A session through the API: bank transfer, another bank, then the customer switches to PayID.
  const orderRef = `order-${Date.now()}`;
  const session = await api("/v1/checkout/session/initialize", {
    amount: 250_000,
    email: "bola@e2e.example.com",
    customer_name: "Bola Ade",
    reference: orderRef,
    line_items: [{ name: "Ankara tote", quantity: 2, amount: 125_000 }],
  });
  const bank = await api(`/v1/checkout/session/${session.session_id}/payment-method`, { payment_method: "bank_transfer" });
  const otherBank = (bank.banks as { provider: string; current: boolean }[]).find((b) => !b.current)!;
  await api(`/v1/checkout/session/${session.session_id}/switch-bank`, { provider: otherBank.provider });
  const { pay_id: payId } = await api(`/v1/checkout/session/${session.session_id}/payment-method`, { payment_method: "payid" });

  await page.goto("/dashboard/sessions");
  await expect(page.getByTestId("session-row")).toHaveCount(1);
  await expect(page.getByTestId("session-row").getByTestId("session-status")).toHaveText(/active/i);
  await page.getByRole("link", { name: "bola@e2e.example.com" }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/sessions/${session.session_id}$`));
  await expect(page.getByTestId("session-amount")).toHaveText("₦2,500.00");
  await expect(page.getByTestId("session-status")).toHaveText(/active/i);
  await expect(page.getByTestId("session-reference")).toHaveText(session.reference);
  await expect(page.getByTestId("session-line-items")).toContainText("Ankara tote");
  // api.md's attempt counter: each selection that changed the method (the first one too).
  await expect(page.getByTestId("session-attempts")).toHaveText("2");
  await expect(page.getByTestId("session-event")).toHaveCount(4);
  await expect(page.getByTestId("session-timeline")).toContainText("Switched bank");
  await expect(page.getByTestId("session-timeline")).toContainText("Switched payment method from Bank transfer to PayID");
  await expect(page.getByTestId("session-issued")).toContainText(payId);
  await expect(page.getByTestId("session-issued").locator("tr")).toHaveCount(3);
  // Partner keys are deprecated and never displayed, only bank names.
  expect(await page.locator("main").textContent()).not.toMatch(/\b(wema|providus|sterling)\b/);
  await expect(page.getByTestId("checkout-link")).toHaveAttribute("href", session.checkout_url);

  // The customer pays while the merchant watches: the page updates without a reload.
  await api("/v1/sandbox/payments", { pay_id: payId, amount: 250_000, payer: { name: "Bola Ade" } });
  await expect(page.getByTestId("session-status")).toHaveText(/completed/i, { timeout: 15_000 });
  await expect(page.locator('[data-testid="session-event"][data-type="paid"]')).toHaveCount(1);
  await page.getByTestId("session-payments").getByRole("link").click();
  await expect(page).toHaveURL(/\/dashboard\/payments\/.+/);
  await expect(page.getByTestId("payment-amount")).toHaveText("₦2,500.00");
  await expect(page.getByTestId("payment-destination")).toContainText(session.reference);
  await expect(page.getByTestId("payment-payer")).toContainText("Bola Ade");
  await expect(page.getByTestId("payment-breakdown")).toContainText("Net to you");
  await expect(page.getByTestId("payment-events")).toContainText("charge.success");
  const sessionPaymentRef = (await page.getByTestId("payment-reference").textContent())!;
  await page.getByTestId("payment-session-link").click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/sessions/${session.session_id}$`));

  // A second payment, straight to the wallet PayID by bank transfer.
  const walletPayment = await api("/v1/sandbox/payments", { pay_id: walletPayId, amount: 100_000, payer: { name: "Chuka Obi" } });

  await page.goto("/dashboard/payments");
  await expect(page.getByTestId("payment-row")).toHaveCount(2);
  await expect(page.getByTestId("payments-total")).toContainText("2 payments");
  await page.getByLabel("Search").fill(orderRef);
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/search=order-/);
  await expect(page.getByTestId("payment-row")).toHaveCount(1);
  await expect(page.getByTestId("payment-row")).toContainText(sessionPaymentRef);
  await page.goto("/dashboard/payments?search=chuka");
  await expect(page.getByTestId("payment-row")).toHaveCount(1);
  await expect(page.getByTestId("payment-row")).toContainText(walletPayment.reference);
  await page.goto("/dashboard/payments?destination=session");
  await expect(page.getByTestId("payment-row")).toHaveCount(1);
  await page.goto("/dashboard/payments?channel=card");
  await expect(page.getByTestId("payments-empty")).toContainText("No payments match these filters");

  // The CSV holds the filtered list.
  await page.goto("/dashboard/payments?destination=session");
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("export-csv").click()]);
  const csv = fs.readFileSync((await download.path())!, "utf8");
  expect(csv.split("\r\n")[0]).toContain("reference,merchant_reference,channel,status,amount_naira,fee_naira,net_naira");
  expect(csv).toContain(sessionPaymentRef);
  expect(csv).toContain("2500.00");
  expect(csv).not.toContain(walletPayment.reference);

  // Another business cannot open either record.
  const other = await browser.newPage();
  await signUp(other, { business: "Nosy Ltd", email: uniqueEmail("nosy"), password: "a-strong-password" });
  // (Streamed behind the loading skeleton, so the page is Next's not-found, under a 200.)
  await other.goto(`/dashboard/payments/${sessionPaymentRef}`);
  await expect(other.getByText("This page could not be found.")).toBeVisible();
  await expect(other.getByTestId("payment-amount")).toHaveCount(0);
  await other.goto(`/dashboard/sessions/${session.session_id}`);
  await expect(other.getByText("This page could not be found.")).toBeVisible();
  await expect(other.getByTestId("session-amount")).toHaveCount(0);
  await other.close();
});
