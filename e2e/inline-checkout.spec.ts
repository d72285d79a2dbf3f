import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { owoClient, signIn, signUp, uniqueEmail } from "./helpers";

// Supplement §7 "Inline checkout": a shop page on another origin loads /v1/inline.js, opens the
// hosted checkout in an overlay over itself and learns the outcome through its callbacks.

type ShopEvent = { type: "success"; r: Record<string, unknown> } | { type: "close" } | { type: "error"; e: { code: string; message: string } };

/** A plain shop page (no Owo code of its own) served from a second origin: this test's own server. */
function shopPage(appOrigin: string): string {
  return `<!doctype html><html><head><meta name="viewport" content="width=device-width, initial-scale=1"><title>Shop</title>
<script src="${appOrigin}/v1/inline.js"></script></head>
<body style="min-height:200vh"><h1>Adire Shop</h1><button id="pay">Pay now</button>
<script>
  window.events = [];
  var q = new URLSearchParams(location.search);
  document.getElementById("pay").addEventListener("click", function () {
    var options = {
      apiKey: q.get("key"), email: "bola@e2e.example.com", amount: 750000, currency: "NGN",
      reference: q.get("ref"), firstName: "Bola", lastName: "Ade", metadata: '{"order_id":"A-17"}',
      paymentMethods: (q.get("methods") || "bank_transfer,payid").split(","),
      onSuccess: function (r) { window.events.push({ type: "success", r: r }); },
      onClose: function () { window.events.push({ type: "close" }); },
      onError: function (e) { window.events.push({ type: "error", e: e }); }
    };
    if (q.get("api") === "zevpay") new ZevPay.ZevPayCheckout().checkout(options); else Owo.checkout(options);
  });
</script></body></html>`;
}

let shop: http.Server;
let shopOrigin = "";
let secretKey = "";
let publicKey = "";
let fencedPublicKey = "";
const merchant = { email: uniqueEmail("inline"), password: "a-strong-password" };

/** Creates a test key pair on the Developers page; answers its secret and public keys. */
async function createKeyPair(page: Page, allowedDomains: string): Promise<{ secret: string; public: string }> {
  await page.goto("/dashboard/developers");
  await page.getByTestId("create-key").click();
  await page.getByLabel("Allowed domains (public key)").fill(allowedDomains);
  await page.getByTestId("create-key-submit").click();
  const secret = (await page.getByTestId("new-secret-key").textContent())!;
  const pub = (await page.getByTestId("new-public-key").textContent())!;
  await page.getByTestId("secret-saved").click();
  return { secret, public: pub };
}

test.beforeAll(async ({ browser, baseURL }) => {
  shop = http.createServer((_req, res) => {
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(shopPage(new URL(baseURL!).origin));
  });
  await new Promise<void>((resolve) => shop.listen(0, "127.0.0.1", resolve));
  shopOrigin = `http://127.0.0.1:${(shop.address() as AddressInfo).port}`;

  const page = await browser.newPage({ baseURL });
  await signUp(page, { business: "Adire Shop", ...merchant });
  // Allowed: the shop's host (any port). Fenced: another domain only, so the shop is refused.
  ({ secret: secretKey, public: publicKey } = await createKeyPair(page, "127.0.0.1"));
  ({ public: fencedPublicKey } = await createKeyPair(page, "shop.example.com"));
  await page.close();
});

test.afterAll(async () => {
  await new Promise((resolve) => shop.close(resolve));
});

async function shopAt(browser: Browser, width: number, query: Record<string, string>) {
  const context = await browser.newContext({ viewport: { width, height: width < 640 ? 740 : 900 } });
  const page = await context.newPage();
  await page.goto(`${shopOrigin}/?${new URLSearchParams(query)}`);
  return { context, page, events: () => page.evaluate(() => (window as unknown as { events: ShopEvent[] }).events) };
}

const overlay = (page: Page) => page.locator("[data-owo-inline]");
const frame = (page: Page) => page.frameLocator("[data-owo-inline] iframe");

// Every case at desktop and phone widths, from a page written for Owo and from one written for ZevPay's script.
for (const { width, api } of [1280, 375].flatMap((width) => ["owo", "zevpay"].map((api) => ({ width, api })))) {
  test.describe(`at ${width} px, ${api === "zevpay" ? "new ZevPay.ZevPayCheckout().checkout()" : "Owo.checkout()"}`, () => {
    test("pays by bank transfer in the overlay: onSuccess once with the session, which verify reports completed", async ({ browser, request }) => {
      const reference = `inline-${api}-${Date.now()}`;
      const shopper = await shopAt(browser, width, { key: publicKey, ref: reference, api });
      const page = shopper.page;
      await page.getByRole("button", { name: "Pay now" }).click();
      await expect(overlay(page)).toBeVisible();
      await expect(overlay(page)).toHaveAttribute("aria-modal", "true");
      // Phones: the whole screen; wider screens: a centred modal.
      const box = (await page.locator("[data-owo-inline] iframe").boundingBox())!;
      if (width < 640) expect(box.width).toBe(width);
      else {
        expect(box.width).toBeLessThan(500);
        expect(Math.abs(box.x + box.width / 2 - width / 2)).toBeLessThan(2);
      }
      // The page behind is locked: no scrolling, nothing focusable.
      expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe("hidden");
      expect(await page.evaluate(() => document.querySelector("h1")!.closest("[inert]") !== null)).toBe(true);
      // Focus stays in the overlay (its close button or the checkout's own fields), however far one tabs.
      const outside: string[] = [];
      for (let i = 0; i < 8; i++) {
        await page.keyboard.press("Tab");
        const at = await page.evaluate(() =>
          document.activeElement?.closest("[data-owo-inline]") ? null : (document.activeElement?.outerHTML.slice(0, 60) ?? "nothing"),
        );
        if (at) outside.push(`Tab ${i + 1}: ${at}`);
      }
      expect(outside).toEqual([]);

      const checkout = frame(page);
      await expect(checkout.getByTestId("test-mode-banner")).toBeVisible();
      await expect(checkout.getByTestId("merchant-name")).toHaveText("Adire Shop");
      await checkout.getByTestId("method-bank_transfer").click();
      await expect(checkout.getByTestId("account-number")).toHaveText(/^\d{10}$/);
      await expect(checkout.getByTestId("countdown")).toBeVisible();
      await checkout.getByTestId("simulate-payment").click();

      await expect.poll(shopper.events, { timeout: 20_000 }).toHaveLength(1);
      const [event] = await shopper.events();
      expect(event!.type).toBe("success");
      const r = (event as { r: Record<string, unknown> }).r;
      expect(r).toMatchObject({
        reference: expect.any(String),
        merchant_reference: reference,
        status: "completed",
        amount: 750000,
        currency: "NGN",
        payment_method: "bank_transfer",
      });
      const verified = await owoClient(request, secretKey).verifySession(r.session_id as string);
      expect(verified.status).toBe("completed");
      expect(verified.reference).toBe(r.reference);

      // The overlay goes away by itself; the page is usable again; onSuccess stayed single.
      await expect(overlay(page)).toHaveCount(0, { timeout: 15_000 });
      expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe("hidden");
      expect(await shopper.events()).toHaveLength(1);
      await shopper.context.close();
    });

    test("closing before paying calls onClose (close button, then Esc inside the checkout); the same reference reopens the same session", async ({
      browser,
    }) => {
      const reference = `inline-close-${api}-${Date.now()}`;
      const shopper = await shopAt(browser, width, { key: publicKey, ref: reference, api, methods: "bank_transfer" });
      const page = shopper.page;
      await page.getByRole("button", { name: "Pay now" }).click();
      const iframe = page.locator("[data-owo-inline] iframe");
      // One method only: the account is issued straight away.
      await expect(frame(page).getByTestId("account-number")).toHaveText(/^\d{10}$/);
      const firstSrc = (await iframe.getAttribute("src"))!;
      expect(firstSrc).toContain(`parent=${encodeURIComponent(shopOrigin)}`);
      await page.getByRole("button", { name: "Close checkout" }).click();
      await expect(overlay(page)).toHaveCount(0);
      expect(await shopper.events()).toEqual([{ type: "close" }]);

      await page.getByRole("button", { name: "Pay now" }).click();
      await expect(frame(page).getByTestId("account-number")).toHaveText(/^\d{10}$/);
      expect(new URL((await iframe.getAttribute("src"))!).pathname).toBe(new URL(firstSrc).pathname);
      await frame(page).getByTestId("account-number").click();
      await page.keyboard.press("Escape");
      await expect(overlay(page)).toHaveCount(0);
      expect(await shopper.events()).toEqual([{ type: "close" }, { type: "close" }]);
      await shopper.context.close();
    });

    test("paid from a bank app while the overlay shows the account: onSuccess fires once with no click in the frame (issue 26)", async ({
      browser,
      request,
    }) => {
      const shopper = await shopAt(browser, width, { key: publicKey, ref: `inline-outside-${api}-${Date.now()}`, api });
      await shopper.page.getByRole("button", { name: "Pay now" }).click();
      const checkout = frame(shopper.page);
      await checkout.getByTestId("method-bank_transfer").click();
      const account = (await checkout.getByTestId("account-number").textContent())!.trim();
      expect(account).toMatch(/^\d{10}$/);
      // The customer's bank, not the page: nothing in the overlay is pressed.
      const paid = await request.post("/v1/sandbox/payments", { headers: { "x-api-key": secretKey }, data: { account_number: account, amount: 750000 } });
      expect(paid.status()).toBe(200);
      await expect.poll(shopper.events, { timeout: 5_000 }).toHaveLength(1);
      expect((await shopper.events())[0]).toMatchObject({ type: "success", r: { status: "completed", amount: 750000 } });
      await expect(overlay(shopper.page)).toHaveCount(0, { timeout: 15_000 });
      expect(await shopper.events()).toHaveLength(1);
      await shopper.context.close();
    });

    test("a key whose allowed domains exclude the shop's origin: onError with the API's refusal, no overlay", async ({ browser, request }) => {
      const shopper = await shopAt(browser, width, { key: fencedPublicKey, ref: `inline-fenced-${Date.now()}`, api });
      await shopper.page.getByRole("button", { name: "Pay now" }).click();
      await expect.poll(shopper.events).toHaveLength(1);
      const [event] = await shopper.events();
      // The same refusal the API gives that key from that origin.
      const refused = await request.post("/v1/checkout/session/initialize", {
        headers: { "x-api-key": fencedPublicKey, origin: shopOrigin },
        data: { amount: 750000, email: "bola@e2e.example.com" },
      });
      expect(refused.status()).toBe(403);
      const { error } = (await refused.json()) as { error: { code: string; message: string } };
      expect(error.message).toContain("Origin not allowed");
      expect(event).toEqual({ type: "error", e: { code: error.code, message: error.message } });
      await expect(overlay(shopper.page)).toHaveCount(0);
      await shopper.context.close();
    });
  });
}

for (const width of [1280, 375]) {
  test(`Developers → Inline checkout at ${width} px: the snippet carries the test public key and "Try it" pays in the real overlay`, async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ baseURL, viewport: { width, height: 800 } });
    const page = await context.newPage();
    await signIn(page, merchant.email, merchant.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto("/dashboard/developers/inline");
    // The fenced key (newest) cannot open checkouts here; the one allowing this host can.
    await expect(page.getByTestId("inline-snippet")).toContainText(`apiKey: "${publicKey}"`);
    await expect(page.getByTestId("inline-snippet")).toContainText(`${new URL(baseURL!).origin}/v1/inline.js`);
    // The ZevPay note is folded away until a shop moving over opens it.
    await expect(page.getByTestId("zevpay-swap")).toBeHidden();
    await page.getByTestId("zevpay-card").getByText("Moving a page over from ZevPay?").click();
    await expect(page.getByTestId("zevpay-swap")).toContainText(`+ <script src="${new URL(baseURL!).origin}/v1/inline.js"></script>`);
    await expect(page.getByTestId("inline-key-domains")).toContainText("shop.example.com");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

    await page.getByTestId("try-inline").click();
    const checkout = frame(page);
    await checkout.getByTestId("method-bank_transfer").click();
    await checkout.getByTestId("simulate-payment").click();
    await expect(page.getByTestId("try-inline-result")).toContainText('onSuccess: {"session_id"', { timeout: 20_000 });
    await expect(page.getByTestId("try-inline-result")).toContainText('"status":"completed"');
    await context.close();
  });
}

test("GET /v1/inline.js is cacheable JavaScript; its versioned URL is immutable", async ({ request }) => {
  const res = await request.get("/v1/inline.js");
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toContain("javascript");
  expect(res.headers()["cache-control"]).toMatch(/max-age=\d+/);
  const version = res.headers()["etag"]!.replaceAll('"', "");
  const pinned = await request.get(`/v1/inline.js?v=${version}`);
  expect(pinned.headers()["cache-control"]).toContain("immutable");
  expect(await pinned.text()).toBe(await res.text());
});
