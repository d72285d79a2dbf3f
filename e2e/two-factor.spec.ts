import { expect, test, type Page } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { signIn, signUp, uniqueEmail } from "./helpers";

/*
 * Two-factor sign-in in Chromium, at 1280 and 375 px: a new owner sets it up from the key shown
 * on Settings → Security (the code computed here with otpauth, as an authenticator app would),
 * signs in with password then code, then with a recovery code (once only), and requires
 * two-factor of the team: an invited member without it is sent to set it up.
 */

const PASSWORD = "correct horse battery";

/** The code an authenticator app shows, `steps` 30-second steps from now. */
function appCode(secret: string, steps = 0): string {
  return new TOTP({ secret: Secret.fromBase32(secret), algorithm: "SHA1", digits: 6, period: 30 }).generate({ timestamp: Date.now() + steps * 30_000 });
}

async function signOut(page: Page) {
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/sign-in/);
}

/** Signed in afresh (works whether sign-up signs in by itself or not). */
async function freshSignIn(page: Page, email: string) {
  await page.context().clearCookies();
  await signIn(page, email, PASSWORD);
}

async function noSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
}

/** Sets two-factor up on Settings → Security; answers the key and the recovery codes shown. */
async function enrol(page: Page): Promise<{ secret: string; codes: string[] }> {
  await page.goto("/dashboard/settings/security");
  await expect(page.getByTestId("two-factor-settings")).toHaveAttribute("data-two-factor", "off");
  await page.getByTestId("two-factor-start").click();
  await expect(page.getByTestId("totp-qr").locator("svg")).toBeVisible();
  const secret = (await page.getByTestId("totp-secret").textContent())!.replace(/\s+/g, "");
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await noSidewaysScroll(page);
  const settings = page.getByTestId("two-factor-settings");
  await settings.getByLabel("Authentication code").fill(appCode(secret));
  await settings.getByLabel("Current password").fill(PASSWORD);
  await page.getByTestId("two-factor-confirm").click();
  await expect(page.getByTestId("recovery-code")).toHaveCount(10);
  const codes = (await page.getByTestId("recovery-code").allTextContents()).map((c) => c.trim());
  for (const c of codes) expect(c).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
  await noSidewaysScroll(page);
  await page.getByTestId("recovery-codes-saved").check();
  await page.getByTestId("recovery-codes-done").click();
  await expect(page.getByTestId("two-factor-settings")).toHaveAttribute("data-two-factor", "on");
  await expect(page.getByTestId("two-factor-status")).toContainText("10 of 10 recovery codes left");
  return { secret, codes };
}

for (const width of [1280, 375]) {
  test(`two-factor at ${width} px: enrol, sign in with a code and with a recovery code (once), owner requires it of an invited member`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    const owner = uniqueEmail("tfa-owner");
    await signUp(page, { business: "Two Factor Ltd", email: owner, password: PASSWORD });
    await freshSignIn(page, owner);
    await expect(page).toHaveURL(/\/dashboard$/);

    const { secret, codes } = await enrol(page);

    // A wrong password says nothing about two-factor.
    await signOut(page);
    await signIn(page, owner, "not the password");
    await expect(page.getByTestId("form-error")).toHaveText("Incorrect email or password.");
    await expect(page.getByLabel("Authentication code")).toHaveCount(0);

    // Password, then the code (a wrong one first: refused, the code step stays).
    await signIn(page, owner, PASSWORD);
    const codeField = page.getByLabel("Authentication code");
    await expect(codeField).toBeVisible();
    await expect(codeField).toHaveAttribute("autocomplete", "one-time-code");
    await expect(codeField).toHaveAttribute("inputmode", "numeric");
    const right = appCode(secret, 1); // the next step: the enrolment used this one
    await codeField.fill(right === "000000" ? "111111" : "000000");
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page.getByTestId("form-error")).toHaveText("Incorrect authentication code.");
    await page.getByLabel("Authentication code").fill(right);
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await noSidewaysScroll(page);

    // A recovery code signs in once.
    await signOut(page);
    await signIn(page, owner, PASSWORD);
    await page.getByRole("button", { name: "Use a recovery code" }).click();
    await page.getByLabel("Recovery code").fill(codes[0]!);
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await signOut(page);
    await signIn(page, owner, PASSWORD);
    await page.getByRole("button", { name: "Use a recovery code" }).click();
    await page.getByLabel("Recovery code").fill(codes[0]!);
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page.getByTestId("form-error")).toHaveText("Incorrect recovery code, or it has been used already.");
    await page.getByLabel("Recovery code").fill(codes[1]!);
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    // The owner requires two-factor of the team, and invites a member.
    await page.goto("/dashboard/settings/security");
    await expect(page.getByTestId("two-factor-status")).toContainText("8 of 10 recovery codes left");
    await page.getByTestId("team-two-factor-toggle").click();
    await expect(page.getByTestId("team-two-factor")).toHaveAttribute("data-required", "yes");
    const memberEmail = uniqueEmail("tfa-member");
    await page.goto("/dashboard/settings/team");
    await page.getByTestId("team-invite-email").fill(memberEmail);
    await page.getByTestId("team-invite-role").selectOption("developer");
    await page.getByTestId("team-invite-submit").click();
    const link = (await page.getByTestId("team-invite-link").textContent())!.trim();
    await signOut(page);

    // The member joins through the link; without two-factor they are sent to set it up.
    await page.goto(link);
    await page.getByTestId("invite-name").fill("Dev Member");
    await page.getByTestId("invite-password").fill(PASSWORD);
    await page.getByTestId("invite-signup-submit").click();
    await page.waitForURL(/\/(dashboard|sign-in)/);
    await freshSignIn(page, memberEmail);
    await expect(page).toHaveURL(/\/dashboard\/settings\/security$/);
    await expect(page.getByTestId("two-factor-required-notice")).toBeVisible();
    await page.goto("/dashboard/payments");
    await expect(page).toHaveURL(/\/dashboard\/settings\/security$/);
    await noSidewaysScroll(page);

    // Once set up, the dashboard opens.
    await enrol(page);
    await page.goto("/dashboard/payments");
    await expect(page).toHaveURL(/\/dashboard\/payments$/);
  });
}
