import { expect, test } from "@playwright/test";
import { hydrated, signInDemo } from "./helpers";

// The dashboard's frame on a phone (DESIGN.md "On a phone"): the menu button and its drawer,
// the styled not-found pages, and the icons.

test("at 375 px the dashboard's navigation opens as a drawer: labelled button, focus kept inside, Escape closes, a link navigates and closes it", async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signInDemo(page, "business");
  await expect(page).toHaveURL(/\/dashboard$/);

  const menu = page.getByRole("button", { name: "Open menu" });
  await expect(menu).toBeVisible();
  await expect(menu).toHaveAttribute("aria-expanded", "false");
  // The sidebar itself is hidden on a phone.
  await expect(page.getByRole("navigation", { name: "Dashboard" })).toBeHidden();

  await menu.click();
  const drawer = page.getByRole("dialog", { name: "Dashboard navigation" });
  await expect(drawer).toBeVisible();
  await expect(menu).toHaveAttribute("aria-expanded", "true");
  await expect(drawer.getByRole("navigation", { name: "Dashboard" })).toBeVisible();
  // Focus starts inside and stays there, both ways round.
  await expect(drawer.getByRole("button", { name: "Close menu" })).toBeFocused();
  for (let i = 0; i < 40; i++) await page.keyboard.press("Tab");
  expect(await drawer.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  await page.keyboard.press("Shift+Tab");
  await page.keyboard.press("Shift+Tab");
  expect(await drawer.evaluate((el) => el.contains(document.activeElement))).toBe(true);

  await page.keyboard.press("Escape");
  await expect(drawer).toBeHidden();
  await expect(menu).toBeFocused();

  await menu.click();
  await drawer.getByRole("link", { name: "Payments", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/payments$/);
  await expect(drawer).toBeHidden();
  await expect(page.getByRole("heading", { name: "Payments" }).first()).toBeVisible();

  // The close button and the backdrop close it too.
  await menu.click();
  await drawer.getByRole("button", { name: "Close menu" }).click();
  await expect(drawer).toBeHidden();

  // At 1280 px there is no menu button: the sidebar shows.
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(menu).toBeHidden();
  await expect(page.getByRole("navigation", { name: "Dashboard" })).toBeVisible();
});

for (const [width, height] of [
  [1280, 800],
  [375, 812],
] as const) {
  test(`at ${width} px a toast shows at the bottom, never over the header or the page's top actions: the header's controls stay clickable while it shows`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height });
    await signInDemo(page, "business");
    await expect(page).toHaveURL(/\/dashboard$/);
    await hydrated(page);
    // Any completed action toasts (DESIGN.md "Feedback"); copying the PayID is one (or, where the
    // clipboard is refused, its error toast: either is a toast).
    await page.getByRole("button", { name: "Copy PayID" }).click();
    const toast = page.locator("[data-sonner-toast]").first();
    await expect(toast).toBeVisible();
    const header = (await page.getByTestId("dashboard-header").boundingBox())!;
    const box = (await toast.boundingBox())!;
    expect(box.y, "the toast starts below the header").toBeGreaterThanOrEqual(header.y + header.height);
    expect(box.y, "in the bottom half of the screen").toBeGreaterThan(height / 2);
    // A pointer (or finger) resting on the toast holds it open; the header's controls are still reachable.
    await toast.hover();
    await expect(toast).toBeVisible();
    const controls = width < 768 ? ["Open menu", "Sign out"] : ["Sign out"];
    for (const name of controls) await page.getByRole("button", { name }).click({ trial: true, timeout: 2_000 });
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/sign-in/);
  });
}

test("the admin area has the same drawer on a phone", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signInDemo(page, "admin");
  await expect(page).toHaveURL(/\/admin/);
  await page.getByRole("button", { name: "Open menu" }).click();
  const drawer = page.getByRole("dialog", { name: "Admin navigation" });
  await drawer.getByRole("link", { name: "Ledger audit" }).click();
  await expect(page).toHaveURL(/\/admin\/ledger$/);
  await expect(drawer).toBeHidden();
});

test("unknown dashboard sections and record ids show a styled not-found inside the shell; unknown public pages a styled one without it", async ({ page }) => {
  await signInDemo(page, "business");
  await expect(page).toHaveURL(/\/dashboard$/);

  for (const url of ["/dashboard/no-such-section", "/dashboard/payments/no-such-payment", "/dashboard/invoices/inv_nope"]) {
    // (A streamed page answers 200 with the not-found UI: Next's rule; the UI is what counts here.)
    await page.goto(url);
    await expect(page.getByTestId("not-found")).toContainText("We couldn't find that page");
    // Inside the shell: the header and the navigation stay.
    await expect(page.getByTestId("dashboard-header")).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Dashboard" })).toBeVisible();
  }
  await page.getByTestId("not-found").getByRole("link", { name: "Back to Home" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  const res = await page.goto("/no-such-page");
  expect(res?.status()).toBe(404);
  await expect(page.getByTestId("not-found")).toContainText("Page not found");
  const hosted = await page.goto("/pay/cs_no_such_session");
  expect(hosted?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(/not found/i);
});

test("the favicon and app icons are served and linked from every page", async ({ page, request }) => {
  for (const [url, type] of [
    ["/favicon.ico", "image/x-icon"],
    ["/icon.svg", "image/svg+xml"],
    ["/apple-icon.png", "image/png"],
  ] as const) {
    const r = await request.get(url);
    expect(r.status(), url).toBe(200);
    expect(r.headers()["content-type"], url).toContain(type);
  }
  await page.goto("/sign-in");
  await expect(page.locator('head link[rel="icon"]').first()).toHaveAttribute("href", /favicon\.ico|icon/);
  await expect(page.locator('head link[rel="apple-touch-icon"]')).toHaveAttribute("href", /apple-icon/);
});
