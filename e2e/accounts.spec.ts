import { expect, test, type Browser, type Page } from "@playwright/test";
import { e2eSmtpPort, startSmtpCapture } from "../tests/smtp-capture";
import { signIn, signUp, uniqueEmail } from "./helpers";

/*
 * Accounts (issue 14 item 7) in Chromium, at 1280 and 375 px: a new sign-up is signed in at
 * once (issue 26); an existing email creates nothing and its owner is told by mail; changing the password in Settings → Security signs out every
 * other session on its next navigation while this one stays; forgot-password by email end to
 * end (the e2e server's SMTP_URL points at the capture server this file starts: scripts/e2e-server.ts).
 */

let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
test.beforeAll(async () => {
  smtp = await startSmtpCapture(e2eSmtpPort(Number(process.env.E2E_PORT ?? 3100)));
});
test.afterAll(async () => {
  await smtp?.close();
});

async function fillSignUp(page: Page, business: string, email: string, password: string) {
  await page.goto("/sign-up");
  await page.getByLabel("Business name").fill(business);
  await page.getByLabel("Your name").fill("Ada Obi");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Create account" }).click();
}

async function signedInContext(browser: Browser, width: number, email: string, password: string) {
  const context = await browser.newContext({ viewport: { width, height: 800 } });
  const page = await context.newPage();
  await signIn(page, email, password);
  await expect(page).toHaveURL(/\/dashboard$/);
  return { context, page };
}

for (const width of [1280, 375]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test("a new sign-up lands signed in; an existing email creates nothing, goes on to 'sign in', and its owner is told by mail", async ({ page, browser }) => {
      const email = uniqueEmail(`same-${width}`);
      await fillSignUp(page, "Original Ltd", email, "first-password-1");
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(page.getByTestId("business-name")).toHaveText("Original Ltd");
      // Someone else, elsewhere, tries the same address.
      const stranger = await browser.newContext({ viewport: { width, height: 800 } });
      const other = await stranger.newPage();
      await fillSignUp(other, "Impostor Ltd", email, "second-password-2");
      await expect(other).toHaveURL(/\/sign-up\/done$/);
      expect(await other.getByTestId("sign-up-done").innerText()).toContain("Your account is ready — sign in");
      await stranger.close();
      await page.getByRole("button", { name: "Sign out" }).click();
      await expect(page).toHaveURL(/\/sign-in/);

      const notice = await smtp.waitFor((m) => m.to.includes(email));
      expect(notice.subject).toBe("Someone tried to sign up with your address");

      await signIn(page, email, "second-password-2");
      await expect(page.getByTestId("form-error")).toHaveText("Incorrect email or password.");
      await signIn(page, email, "first-password-1");
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(page.getByTestId("business-name")).toHaveText("Original Ltd");
    });

    test("changing the password in Settings → Security keeps this session and signs out one signed in before", async ({ page, browser }) => {
      const email = uniqueEmail(`change-${width}`);
      await signUp(page, { business: "Change Co", email, password: "old-password-1" });
      const other = await signedInContext(browser, width, email, "old-password-1");

      if (width >= 768) {
        await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Settings", exact: true }).click();
        await page.getByRole("navigation", { name: "Settings" }).getByRole("link", { name: "Security" }).click();
        await expect(page).toHaveURL(/\/dashboard\/settings\/security$/);
      } else {
        await page.goto("/dashboard/settings/security");
      }
      await expect(page.getByRole("heading", { name: "Security", exact: true })).toBeVisible();
      await page.getByLabel("Current password").fill("wrong-password");
      await page.getByLabel("New password", { exact: true }).fill("new-password-2");
      await page.getByLabel("Repeat the new password").fill("new-password-2");
      await page.getByTestId("change-password-submit").click();
      await expect(page.getByTestId("change-password-error")).toHaveText("Your current password is not correct.");

      await page.getByLabel("Current password").fill("old-password-1");
      await page.getByTestId("change-password-submit").click();
      await expect(page.getByTestId("change-password-done")).toBeVisible();

      // This session stays signed in…
      await page.goto("/dashboard");
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(page.getByTestId("business-name")).toHaveText("Change Co");
      // …the one signed in before is signed out on its next navigation.
      await other.page.goto("/dashboard/settings/team");
      await expect(other.page).toHaveURL(/\/sign-in/);
      await signIn(other.page, email, "old-password-1");
      await expect(other.page.getByTestId("form-error")).toHaveText("Incorrect email or password.");
      await signIn(other.page, email, "new-password-2");
      await expect(other.page).toHaveURL(/\/dashboard$/);
      await other.context.close();
    });

    test("forgot password: the emailed link sets a new password once, and signs out other sessions", async ({ page, browser }) => {
      const email = uniqueEmail(`forgot-${width}`);
      await signUp(page, { business: "Forgetful Ltd", email, password: "remembered-1" });
      const other = await signedInContext(browser, width, email, "remembered-1");
      await page.getByRole("button", { name: "Sign out" }).click();
      await expect(page).toHaveURL(/\/sign-in/);

      await page.getByRole("link", { name: "Forgot your password?" }).click();
      await expect(page).toHaveURL(/\/forgot-password$/);
      await page.getByLabel("Email").fill(email);
      await page.getByRole("button", { name: "Email me a link" }).click();
      await expect(page.getByTestId("reset-requested")).toContainText("If an account exists for that address, we've emailed a link");

      const mail = await smtp.waitFor((m) => m.to.includes(email) && m.subject === "Reset your Owo password");
      const link = /https?:\/\/\S+\/reset-password\/[A-Za-z0-9_-]{43}/.exec(mail.text)?.[0];
      expect(link).toBeTruthy();

      await page.goto(link!);
      await expect(page.getByTestId("reset-email")).toHaveText(email);
      await page.getByLabel("New password", { exact: true }).fill("brand-new-3");
      await page.getByLabel("Repeat the new password").fill("brand-new-3");
      await page.getByRole("button", { name: "Set new password" }).click();
      await expect(page.getByTestId("reset-done")).toBeVisible();

      await signIn(page, email, "brand-new-3");
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(page.getByTestId("business-name")).toHaveText("Forgetful Ltd");

      // The link works once.
      await page.goto(link!);
      await expect(page.getByTestId("reset-link-invalid")).toBeVisible();
      // The session signed in before the reset is over.
      await other.page.goto("/dashboard");
      await expect(other.page).toHaveURL(/\/sign-in/);
      await other.context.close();
    });
  });
}
