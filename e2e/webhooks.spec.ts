import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "@playwright/test";
import { createSecretKey, signUp, uniqueEmail } from "./helpers";

/** A real receiver: answers 500 until told it is healthy, then 200; records webhook-ids. */
async function startReceiver() {
  const ids: string[] = [];
  const state = { healthy: false };
  const server = http.createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      ids.push(String(req.headers["webhook-id"]));
      res.writeHead(state.healthy ? 200 : 500, { "content-type": "text/plain" });
      res.end(state.healthy ? "ok" : "receiver not ready");
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, ids, state, close: () => new Promise((r) => server.close(r)) };
}

test("send a test event, see it and its failed attempt in the webhook log, resend it with the same webhook-id", async ({ page }) => {
  const receiver = await startReceiver();
  try {
    await signUp(page, { business: "Hooks Ltd", email: uniqueEmail("hooks"), password: "a-strong-password" });
    await page.goto("/dashboard/developers/webhooks");
    await expect(page.getByTestId("events-empty")).toBeVisible();

    await page.goto("/dashboard/developers");
    await page.getByTestId("create-key").click();
    await page.getByLabel("Webhook URL").fill(receiver.url);
    await page.getByTestId("create-key-submit").click();
    await page.getByTestId("secret-saved").click();
    await page.getByTestId("send-test-event").click();
    await expect(page.getByText("Test event sent")).toBeVisible();
    await expect.poll(() => receiver.ids.length).toBe(1);

    await page.getByRole("link", { name: "Webhooks", exact: true }).click();
    const row = page.getByTestId("event-row").first();
    await expect(row).toContainText("webhook.test");
    await expect(row).toContainText("Retrying (1 failed)");
    await expect(row).toContainText("500");

    await row.getByRole("link", { name: "webhook.test" }).click();
    await expect(page.getByTestId("event-type")).toHaveText("webhook.test");
    await expect(page.getByTestId("event-payload")).toContainText('"message": "This is a test event from Owo."');
    await expect(page.getByTestId("attempt-row").first()).toContainText("HTTP 500");
    await expect(page.getByTestId("attempt-row").first()).toContainText("receiver not ready");

    // The receiver recovers; the merchant resends by hand (automatic retries may also have run).
    receiver.state.healthy = true;
    await page.getByTestId("resend-event").click();
    await expect(page.getByText("Delivered (HTTP 200)")).toBeVisible();
    const last = page.getByTestId("attempt-row").last();
    await expect(last).toContainText(/manual/i);
    await expect(last).toContainText("HTTP 200");
    expect(receiver.ids.length).toBeGreaterThanOrEqual(2);
    expect(new Set(receiver.ids).size).toBe(1); // every attempt carried the same webhook-id

    await page.goto("/dashboard/developers/webhooks?status=delivered");
    await expect(page.getByTestId("event-row")).toHaveCount(1);
    await page.goto("/dashboard/developers/webhooks?status=exhausted");
    await expect(page.getByTestId("events-empty")).toBeVisible();
  } finally {
    await receiver.close();
  }
});

test("a payment to the wallet PayID shows in the statement and sends charge.success to the log", async ({ page, request }) => {
  await signUp(page, { business: "Paid Co", email: uniqueEmail("paid"), password: "a-strong-password" });
  const handle = (await page.getByTestId("wallet-payid").textContent())!.replace("@", "");
  const secret = await createSecretKey(page, { webhookUrl: "http://127.0.0.1:9/unreachable" });

  const paid = await request.post("/v1/sandbox/payments", {
    headers: { "x-api-key": secret },
    data: { pay_id: `@${handle}`, amount: 750_000, payer: { name: "Bola Ade" } },
  });
  expect(paid.status()).toBe(200);

  await page.goto("/dashboard");
  await expect(page.getByTestId("wallet-balance")).toHaveText("₦7,500.00");
  await page.goto("/dashboard/balance");
  await expect(page.getByTestId("statement-line").first()).toContainText("Bola Ade");
  await page.goto("/dashboard/developers/webhooks?type=charge.success");
  await expect(page.getByTestId("event-row")).toHaveCount(1);
});
