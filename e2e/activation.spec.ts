import { expect, test } from "@playwright/test";
import { signInDemo, signUp, submitActivation, uniqueEmail } from "./helpers";

/*
 * Activation (supplement §13) in Chromium, at 1280 and 375 px: a business that signs up sees
 * live mode locked with the reason; it fills in "Activate your business" and submits; an admin
 * finds it in the review queue and asks for a change; the owner reads the note, changes the
 * address and submits again; the admin approves; live mode opens and a live key can be made.
 */
for (const width of [1280, 375]) {
  test(`at ${width} px: sign up, live locked, activation asked back for a change, approved, live open`, async ({ browser }) => {
    const viewport = { width, height: 900 };
    const owner = await (await browser.newContext({ viewport })).newPage();
    const business = `Amaka Textiles ${width} ${Date.now()}`;
    await signUp(owner, { business, email: uniqueEmail(`activate-${width}`), password: "a-strong-password" });

    // Locked: the switch leads to the flow and says why; the notice says test mode only.
    await expect(owner.getByTestId("activation-notice")).toContainText("Test mode only");
    await expect(owner.getByTestId("mode-switch")).toHaveAttribute("data-locked", "true");
    await expect(owner.getByTestId("live-locked")).toContainText("Activate to go live");
    await owner.getByTestId("activation-link").click();
    await expect(owner.getByTestId("activation-page")).toHaveAttribute("data-status", "draft");

    // A leave-and-resume step: the business details are kept when the owner comes back.
    await owner.getByTestId("activation-legal-name").fill(`${business} Limited`);
    await owner.getByTestId("activation-rc-number").fill("RC1234567");
    await owner.getByTestId("activation-address").fill("4 Balogun Street, Lagos");
    await owner.getByTestId("activation-save-business").click();
    await expect(owner).toHaveURL(/step=identity/);
    await owner.goto("/dashboard");
    await owner.goto("/dashboard/activate?step=business");
    await expect(owner.getByTestId("activation-legal-name")).toHaveValue(`${business} Limited`);
    await expect(owner.getByTestId("activation-step-business")).toHaveAttribute("data-done", "true");

    await submitActivation(owner, { legalName: `${business} Limited`, rcNumber: "RC1234567" });
    await expect(owner.getByTestId("live-locked")).toContainText("In review");

    // The admin's queue: ask for a change.
    const adminPage = await (await browser.newContext({ viewport })).newPage();
    await signInDemo(adminPage, "admin");
    await expect(adminPage).toHaveURL(/\/admin/);
    await adminPage.goto("/admin/activations");
    const row = adminPage.getByTestId("activation-row").filter({ hasText: business });
    await expect(row).toContainText("Name matches");
    await row.getByTestId("activation-open").click();
    await expect(adminPage.getByTestId("review-account-name")).not.toBeEmpty();
    await adminPage.getByTestId("request-activation-changes").click();
    await adminPage.getByTestId("activation-note").fill("Please give the registered office address from your CAC form.");
    await adminPage.getByTestId("confirm-activation-decision").click();
    await expect(adminPage.getByTestId("activation-request")).toHaveAttribute("data-status", "changes_requested");

    // The owner reads the note, changes the address, submits again.
    await owner.goto("/dashboard/activate?step=business");
    await expect(owner.getByTestId("activation-changes")).toContainText("registered office address");
    if (process.env.OWO_SCREENSHOTS) await owner.screenshot({ path: `docs/screenshots/activation-${width}.png`, fullPage: true });
    await owner.getByTestId("activation-address").fill("1 Registered Office Close, Ikeja, Lagos");
    await owner.getByTestId("activation-save-business").click();
    await expect(owner).toHaveURL(/step=identity/);
    await owner.goto("/dashboard/activate?step=review");
    await owner.getByTestId("activation-submit").click();
    await expect(owner.getByTestId("activation-submitted")).toBeVisible();

    // Approved: live opens.
    await adminPage.goto("/admin/activations");
    await adminPage.getByTestId("activation-row").filter({ hasText: business }).getByTestId("activation-open").click();
    if (process.env.OWO_SCREENSHOTS) await adminPage.screenshot({ path: `docs/screenshots/admin-activation-${width}.png`, fullPage: true });
    await adminPage.getByTestId("approve-activation").click();
    await adminPage.getByTestId("confirm-activation-decision").click();
    await expect(adminPage.getByTestId("activation-request")).toHaveAttribute("data-status", "approved");

    await owner.goto("/dashboard");
    await expect(owner.getByTestId("activation-notice")).toHaveCount(0);
    await owner.getByTestId("mode-switch").click();
    await expect(owner.getByTestId("dashboard-header")).toHaveAttribute("data-mode", "live");
    await owner.goto("/dashboard/developers");
    await owner.getByTestId("create-key").click();
    await owner.getByTestId("create-key-submit").click();
    await expect(owner.getByTestId("new-secret-key")).toContainText("sk_live_");
    // Nothing on the page is wider than the screen.
    const overflow = await owner.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
}
