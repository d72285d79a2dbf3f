import { expect, test } from "@playwright/test";
import { signIn, signInDemo, signUp, uniqueEmail } from "./helpers";

test("sign-up creates a business with a wallet PayID and lands on its test-mode overview", async ({ page }) => {
  const email = uniqueEmail("signup");
  await signUp(page, { business: "Mama Put Kitchen", email, password: "a-strong-password" });
  await expect(page.getByTestId("business-name")).toHaveText("Mama Put Kitchen");
  await expect(page.getByTestId("dashboard-header")).toHaveAttribute("data-mode", "test");
  await expect(page.getByText("Test data")).toBeVisible();
  await expect(page.getByTestId("wallet-payid")).toHaveText(/^@mamaputkitchen/);
  await expect(page.getByTestId("wallet-balance")).toHaveText("₦0.00");
});

test("a personal account can sign up too", async ({ page }) => {
  await signUp(page, { business: "Tolu Personal", email: uniqueEmail("personal"), password: "a-strong-password", type: "personal" });
  await expect(page.getByTestId("business-name")).toHaveText("Tolu Personal");
  await expect(page.getByText("personal", { exact: true })).toBeVisible();
});

test("signing up again with a used email creates nothing and goes on to 'sign in'", async ({ page }) => {
  const email = uniqueEmail("dup");
  await signUp(page, { business: "First Co", email, password: "a-strong-password" });
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/sign-in/);
  await page.goto("/sign-up");
  await page.getByLabel("Business name").fill("Second Co");
  await page.getByLabel("Your name").fill("Someone");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("another-password");
  await page.getByRole("button", { name: "Create account" }).click();
  // Nothing is created: on to "sign in" (e2e/accounts.spec.ts: the owner is told by mail).
  await expect(page.getByTestId("sign-up-done")).toContainText("Your account is ready — sign in");
  await signIn(page, email, "a-strong-password");
  await expect(page.getByTestId("business-name")).toHaveText("First Co");
});

test("sign out, a wrong password is refused, the right one signs in", async ({ page }) => {
  const email = uniqueEmail("signin");
  await signUp(page, { business: "Sign In Test", email, password: "right-password-1" });
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/sign-in/);

  await signIn(page, email, "wrong-password-1");
  await expect(page.getByTestId("form-error")).toHaveText("Incorrect email or password.");

  await signIn(page, email, "right-password-1");
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId("user-email")).toHaveText(email);
});

test("after sign-in the visitor returns to the dashboard page they asked for", async ({ page }) => {
  const email = uniqueEmail("return");
  await signUp(page, { business: "Return Co", email, password: "a-strong-password" });
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/sign-in/);
  await page.goto("/dashboard/developers");
  await expect(page).toHaveURL(/callbackUrl=/);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("a-strong-password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/dashboard\/developers$/);
});

test("the proxy sends visitors to sign-in and keeps non-admins out of /admin", async ({ page }) => {
  await page.goto("/dashboard/developers");
  await expect(page).toHaveURL(/\/sign-in\?callbackUrl=/);
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/sign-in/);

  await signUp(page, { business: "Not An Admin", email: uniqueEmail("nonadmin"), password: "a-strong-password" });
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("the seeded admin (a member of no business) signs in straight to /admin and sees merchants", async ({ page }) => {
  await signInDemo(page, "admin");
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.locator("#merchants-heading")).toHaveText("Merchants"); // the totals card above is titled "Merchants" too
  // Newest first, 25 a page: after many sign-ups the demo business is found by searching.
  await expect(page.getByTestId("admin-merchants")).toBeVisible();
  await page.getByTestId("merchant-search").fill("Demo Store");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByTestId("admin-merchants")).toContainText("Demo Store");
});

test("a dashboard request answering after sign-out cannot bring the session back: the proxy never re-issues the session cookie", async ({ page }) => {
  await signUp(page, { business: "Late Answer Co", email: uniqueEmail("late"), password: "a-strong-password" });
  // A request made while signed in (a link prefetch, a refresh) …
  const inFlight = await page.request.get("/dashboard/payments", { maxRedirects: 0 });
  expect(inFlight.status()).toBe(200);
  // … carries no Set-Cookie, so however late it lands it cannot undo a sign-out.
  expect(inFlight.headersArray().filter((h) => h.name.toLowerCase() === "set-cookie")).toEqual([]);
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/sign-in/);
  await page.goto("/dashboard/payments");
  await expect(page).toHaveURL(/\/sign-in\?callbackUrl=/);
});

test("a sixth wrong password in a row is refused with 'Too many sign-in attempts. Try again in N minutes.', and the right one is locked out too", async ({
  page,
}) => {
  const email = uniqueEmail("locked");
  await signUp(page, { business: "Locked Out Co", email, password: "right-password-1" });
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/sign-in/);

  for (let i = 1; i <= 5; i++) {
    await signIn(page, email, `wrong-password-${i}`);
    await expect(page.getByTestId("form-error")).toHaveText("Incorrect email or password.");
  }
  await signIn(page, email, "wrong-password-6");
  await expect(page.getByTestId("form-error")).toHaveText(/^Too many sign-in attempts\. Try again in 1[45] minutes\.$/);
  // Locked before the password is looked at: the right password waits out the lock as well.
  await signIn(page, email, "right-password-1");
  await expect(page.getByTestId("form-error")).toHaveText(/^Too many sign-in attempts\. Try again in 1[45] minutes\.$/);
  await expect(page).toHaveURL(/\/sign-in/);
});

test("a POST from another origin, or Origin: null, is refused with 403 before any server action runs; same-origin passes", async ({ page, baseURL }) => {
  for (const origin of ["https://evil.example", "null"]) {
    const res = await page.request.post("/sign-in", {
      headers: { origin, "next-action": "0".repeat(42) },
      form: { email: "a@b.c", password: "x" },
      failOnStatusCode: false,
    });
    expect(res.status()).toBe(403);
    expect(await res.json()).toEqual({ error: { code: "FORBIDDEN", message: expect.stringContaining("Cross-origin request refused") } });
  }
  const same = await page.request.post("/sign-in", { headers: { origin: baseURL! }, form: { email: "a@b.c" }, failOnStatusCode: false });
  expect(same.status()).not.toBe(403);
});
