import { expect, test, type Page } from "@playwright/test";
import { DOCS_PAGES } from "../components/docs/docs-pages";
import { ERROR_CODES } from "../lib/errors";
import { seriousAxeViolations, signUp, uniqueEmail } from "./helpers";

// Issue 26, item 6: the docs are linked from the dashboard and link back; each docs page renders,
// does not scroll sideways and has no serious or critical axe-core violation, at 1280 and 375 px.

const WIDTHS = [1280, 375] as const;

async function noSidewaysScroll(page: Page, where: string) {
  const { scroll, inner } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
  expect.soft(scroll, `${where} scrolls sideways`).toBeLessThanOrEqual(inner);
}

async function noSeriousAxeViolations(page: Page, where: string) {
  const bad = await seriousAxeViolations(page);
  expect.soft(bad, `${where}: axe-core serious/critical violations`).toEqual([]);
}

for (const width of WIDTHS) {
  test.describe(`docs at ${width} px`, () => {
    test.use({ viewport: { width, height: width < 768 ? 812 : 900 } });

    test("dashboard → docs by the header link, every docs page through the docs navigation, then back to the dashboard", async ({ page }) => {
      test.setTimeout(240_000); // an axe scan of every docs page
      await signUp(page, { business: `Docs Shop ${width}`, email: uniqueEmail(`docs-${width}`), password: "a-strong-password" });
      await page.getByTestId("header-docs-link").click();
      await expect(page).toHaveURL(/\/docs\/quickstart$/);
      await expect(page.getByRole("heading", { level: 1, name: "Quickstart" })).toBeVisible();

      const nav = page.getByRole("navigation", { name: "Docs" });
      for (const p of DOCS_PAGES) {
        await nav.getByRole("link", { name: p.title, exact: true }).click();
        await expect(page).toHaveURL(new RegExp(`${p.href.replace(/\//g, "\\/")}$`));
        await expect(nav.getByRole("link", { name: p.title, exact: true })).toHaveAttribute("aria-current", "page");
        // The reference loads its document in the browser; the guides are rendered on the server.
        const heading = p.href === "/docs" ? /Owo API/ : p.title;
        await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
        await noSidewaysScroll(page, `${p.href} at ${width} px`);
        await noSeriousAxeViolations(page, `${p.href} at ${width} px`);
      }

      await page.getByTestId("docs-dashboard-link").click();
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(page.getByTestId("business-name")).toHaveText(`Docs Shop ${width}`);

      // The Developers page links to the docs too.
      await page.goto("/dashboard/developers");
      await page.getByTestId("developers-docs-links").getByRole("link", { name: "Verifying webhooks" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Verifying webhooks" })).toBeVisible();
    });
  });
}

test("the error codes page lists every code of the closed list with its status; the sandbox page lists its test values", async ({ page }) => {
  await page.goto("/docs/errors");
  for (const code of ERROR_CODES) await expect(page.getByTestId(`error-code-${code}`)).toHaveCount(1);
  await expect(page.getByTestId("error-code-STATIC_ACCOUNT_UNAVAILABLE")).toContainText("503");

  await page.goto("/docs/sandbox");
  const unavailable = page.getByTestId("sandbox-value-issue-unavailable");
  await expect(unavailable).toContainText("2222");
  await expect(unavailable).toContainText("STATIC_ACCOUNT_UNAVAILABLE");
  await expect(page.getByTestId("sandbox-endpoints").getByRole("link", { name: /POST \/v1\/sandbox\/payments/ })).toBeVisible();
});

test("the quickstart's commands carry this server's address", async ({ page }) => {
  await page.goto("/docs/quickstart");
  const origin = new URL(page.url()).origin;
  await expect(page.locator("pre", { hasText: "export OWO_URL=" })).toContainText(`export OWO_URL="${origin}"`);
  await expect(page.locator("pre", { hasText: "/v1/checkout/session/initialize" })).toContainText('curl -s "$OWO_URL/v1/checkout/session/initialize"');
});
