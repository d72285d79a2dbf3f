// Issue 14, headers, in Chromium against the production build: the dashboard answers with a
// strict nonce CSP that forbids framing, and still hydrates and runs its server actions; a
// third-party page (another local port) cannot frame the dashboard, while a hosted /pay page
// stays embeddable (unless its key's allowed domains leave that site out).
import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test, type Page } from "@playwright/test";
import { createSecretKey, owoClient, signUp, uniqueEmail } from "./helpers";

const directive = (csp: string | null, name: string) =>
  (csp ?? "")
    .split(";")
    .map((d) => d.trim())
    .find((d) => d.startsWith(`${name} `)) ?? null;

/** Collects the CSP violations Chromium reports on this page (console and securitypolicyviolation). */
function cspViolations(page: Page): string[] {
  const seen: string[] = [];
  page.on("console", (m) => {
    if (/Content Security Policy|Refused to (execute|load|apply|connect|frame)/i.test(m.text())) seen.push(m.text());
  });
  return seen;
}

for (const width of [1280, 375]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test("the dashboard: strict CSP (nonce, no unsafe-eval), frame-ancestors 'none', nosniff, referrer policy; it hydrates, navigates and runs a server action", async ({
      page,
    }) => {
      const violations = cspViolations(page);
      await signUp(page, { business: `Headers ${width}`, email: uniqueEmail(`csp${width}`), password: "a-strong-password" });

      const res = (await page.goto("/dashboard"))!;
      const csp = res.headers()["content-security-policy"] ?? null;
      expect(directive(csp, "frame-ancestors")).toBe("frame-ancestors 'none'");
      const script = directive(csp, "script-src")!;
      expect(script).toMatch(/^script-src 'self' 'nonce-[A-Za-z0-9+/=]+'$/);
      expect(csp).not.toMatch(/unsafe-eval/);
      expect(res.headers()["x-content-type-options"]).toBe("nosniff");
      expect(res.headers()["referrer-policy"]).toBe("strict-origin-when-cross-origin");
      // Plain http here: no HSTS.
      expect(res.headers()["strict-transport-security"]).toBeUndefined();
      // Next put this response's nonce on its inline scripts; every script file is our own
      // ('self': e.g. the error boundary's chunk, which Next adds without a nonce).
      const nonce = /'nonce-([^']+)'/.exec(script)![1]!;
      const scripts = await page.locator("script:not([src])").evaluateAll((els) => els.map((e) => (e as HTMLScriptElement).nonce));
      expect(scripts.length).toBeGreaterThan(0);
      expect(scripts.every((n) => n === nonce)).toBe(true);
      const files = await page.locator("script[src]").evaluateAll((els) => els.map((e) => (e as HTMLScriptElement).src));
      expect(files.every((src) => new URL(src).origin === new URL(page.url()).origin)).toBe(true);

      // It works: a client-side navigation and a server action (create an API key).
      // (The sidebar is for wide screens; on a phone the page is opened directly.)
      if (width >= 768) {
        await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "API keys" }).click();
        await expect(page).toHaveURL(/\/dashboard\/developers$/);
      } else {
        await page.goto("/dashboard/developers");
      }
      await page.getByTestId("create-key").click();
      await page.getByTestId("create-key-submit").click();
      await expect(page.getByTestId("new-secret-key")).toHaveText(/^sk_test_/);

      // The auth and docs pages carry the same policy.
      for (const path of ["/sign-in", "/sign-up", "/docs"]) {
        const r = (await page.request.get(path))!;
        expect(directive(r.headers()["content-security-policy"] ?? null, "frame-ancestors"), path).toBe("frame-ancestors 'none'");
      }
      await page.goto("/docs");
      await expect(page.getByRole("heading").first()).toBeVisible();

      expect(violations).toEqual([]);
    });
  });
}

test.describe("framing from another site", () => {
  let shop: http.Server;
  let shopUrl = "";
  let pages: Record<string, string> = {};

  test.beforeAll(async () => {
    shop = http.createServer((req, res) => {
      res.writeHead(200, { "content-type": "text/html" });
      res.end(pages[req.url ?? "/"] ?? "<p>shop</p>");
    });
    await new Promise<void>((r) => shop.listen(0, "127.0.0.1", () => r()));
    shopUrl = `http://127.0.0.1:${(shop.address() as AddressInfo).port}`;
  });
  test.afterAll(() => new Promise<void>((r) => shop.close(() => r())));

  for (const width of [1280, 375]) {
    test(`at ${width} px: a shop page cannot frame /dashboard; it can frame a hosted /pay page, unless the key's allowed domains leave the shop out`, async ({
      page,
      request,
      baseURL,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      await signUp(page, { business: `Framed ${width}`, email: uniqueEmail(`frame${width}`), password: "a-strong-password" });
      const open = await owoClient(request, await createSecretKey(page)).initializeSession({ amount: 250_000, email: "ada@e2e.example.com" });
      // A second key whose allowed domains name another shop only.
      await page.goto("/dashboard/developers");
      await page.getByTestId("create-key").click();
      await page.getByLabel("Allowed domains (public key)").fill("shop.example.com");
      await page.getByTestId("create-key-submit").click();
      const restrictedSecret = (await page.getByTestId("new-secret-key").textContent())!;
      await page.getByTestId("secret-saved").click();
      const restricted = await owoClient(request, restrictedSecret).initializeSession({ amount: 250_000, email: "ada@e2e.example.com" });

      pages = {
        "/embed": `<h1>Shop</h1>
          <iframe id="dash" src="${baseURL}/dashboard" width="360" height="300"></iframe>
          <iframe id="pay" src="${open.checkout_url}" width="360" height="600"></iframe>
          <iframe id="restricted" src="${restricted.checkout_url}" width="360" height="300"></iframe>`,
      };
      const refused: string[] = [];
      page.on("console", (m) => {
        if (/frame-ancestors/.test(m.text())) refused.push(m.text());
      });
      await page.goto(`${shopUrl}/embed`);

      // The hosted checkout renders inside the shop's page (hydrated: its amount is there).
      await expect(page.frameLocator("#pay").getByTestId("pay-amount")).toHaveText("₦2,500.00");
      // The dashboard (signed in, same browser) and the restricted checkout are refused by Chromium.
      await expect.poll(() => refused.length).toBeGreaterThanOrEqual(2);
      // (Chromium's message names the origin and the directive, not the path.)
      expect(
        refused.filter((t) => t.includes("frame-ancestors 'none'")),
        refused.join("\n"),
      ).toHaveLength(1);
      expect(
        refused.filter((t) => t.includes("frame-ancestors https://shop.example.com")),
        refused.join("\n"),
      ).toHaveLength(1);
      expect(refused, "the open checkout was not refused").toHaveLength(2);
      await expect(page.frameLocator("#dash").getByTestId("create-key")).toHaveCount(0);
      await expect(page.frameLocator("#dash").locator("nav")).toHaveCount(0);
      await expect(page.frameLocator("#restricted").getByTestId("pay-amount")).toHaveCount(0);
    });
  }
});
