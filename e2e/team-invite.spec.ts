import { expect, test, type Page } from "@playwright/test";
import { e2eSmtpPort, startSmtpCapture } from "../tests/smtp-capture";
import { signIn, signUp, uniqueEmail } from "./helpers";

const PASSWORD = "correct horse battery";

async function invite(page: Page, email: string, role: "owner" | "developer" | "viewer"): Promise<string> {
  await page.goto("/dashboard/settings/team");
  await page.getByTestId("team-invite-email").fill(email);
  await page.getByTestId("team-invite-role").selectOption(role);
  await page.getByTestId("team-invite-submit").click();
  const link = (await page.getByTestId("team-invite-link").textContent())!.trim();
  expect(link).toMatch(/\/invite\/[A-Za-z0-9_-]{43}$/);
  return link;
}

async function signOut(page: Page) {
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/sign-in/);
}

test("an owner invites a viewer by link; the invitee signs up through it with the email fixed and joins as viewer; the link is then used up", async ({
  page,
}) => {
  const owner = uniqueEmail("team-owner");
  const invitee = uniqueEmail("team-viewer");
  await signUp(page, { business: "Team Test Ltd", email: owner, password: PASSWORD });
  // The e2e server mails through SMTP_URL (scripts/e2e-server.ts): the invitation is emailed too.
  const smtp = await startSmtpCapture(e2eSmtpPort(Number(process.env.E2E_PORT ?? 3100)));
  const link = await invite(page, invitee, "viewer");
  await expect(page.getByTestId("team-invite-mail")).toHaveAttribute("data-mail", "sent");
  expect((await smtp.waitFor((m) => m.to.includes(invitee))).text).toContain(link);
  await smtp.close();
  await expect(page.getByTestId("team-invitation-row").filter({ hasText: invitee })).toBeVisible();
  await signOut(page);

  await page.goto(link);
  await expect(page.getByTestId("invite-business")).toHaveText("Team Test Ltd");
  await expect(page.getByTestId("invite-role")).toHaveText("viewer");
  await expect(page.getByTestId("invite-email-field")).toHaveValue(invitee);
  await expect(page.getByTestId("invite-email-field")).toBeDisabled();
  await page.getByTestId("invite-name").fill("Vee Viewer");
  await page.getByTestId("invite-password").fill(PASSWORD);
  await page.getByTestId("invite-signup-submit").click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId("business-name")).toHaveText("Team Test Ltd");

  // A viewer sees the team but no owner controls; the audit log link is not in the sidebar.
  await page.goto("/dashboard/settings/team");
  await expect(page.getByTestId("team-readonly-hint")).toBeVisible();
  await expect(page.getByTestId("team-invite-email")).toHaveCount(0);
  await expect(page.getByTestId("team-role-select")).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Audit log" })).toHaveCount(0);

  await page.goto(link);
  await expect(page.getByTestId("invite-status")).toHaveAttribute("data-status", "accepted");
});

test("the owner changes a role and removes a member; a wrong account is told so; a member of two businesses switches between them", async ({ page }) => {
  const owner = uniqueEmail("team-owner2");
  const other = uniqueEmail("team-other");
  // `other` owns a business of their own, then is invited to the owner's.
  await signUp(page, { business: "Other Co", email: other, password: PASSWORD });
  await signOut(page);
  await signUp(page, { business: "Main Co", email: owner, password: PASSWORD });
  const link = await invite(page, other, "developer");

  // Still signed in as the owner: the link is for someone else.
  await page.goto(link);
  await expect(page.getByTestId("invite-status")).toHaveAttribute("data-status", "wrong_account");
  await page.getByTestId("invite-sign-out").click();
  await expect(page.getByTestId("invite-signin-submit")).toBeVisible();
  await page.getByTestId("invite-password").fill(PASSWORD);
  await page.getByTestId("invite-signin-submit").click();
  await page.getByTestId("invite-accept").click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId("business-name")).toHaveText("Main Co");
  await page.getByTestId("business-switch").selectOption({ label: "Other Co (owner)" });
  await expect(page.getByTestId("business-name")).toHaveText("Other Co");
  await signOut(page);

  await signIn(page, owner, PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto("/dashboard/settings/team");
  const row = page.getByTestId("team-member-row").filter({ hasText: other });
  await expect(row).toHaveAttribute("data-role", "developer");
  await row.getByTestId("team-role-select").selectOption("viewer");
  await expect(row).toHaveAttribute("data-role", "viewer");
  // The only owner cannot be demoted or removed.
  const me = page.getByTestId("team-member-row").filter({ hasText: owner });
  await expect(me.getByTestId("team-role-select")).toBeDisabled();
  await row.getByTestId("team-remove").click();
  await page.getByTestId("team-remove-confirm").click();
  await expect(page.getByTestId("team-member-row").filter({ hasText: other })).toHaveCount(0);
});

test("a revoked invitation's link says so", async ({ page }) => {
  await signUp(page, { business: "Revoke Co", email: uniqueEmail("team-owner3"), password: PASSWORD });
  const invitee = uniqueEmail("team-revoked");
  const link = await invite(page, invitee, "viewer");
  await page.getByTestId("team-invitation-row").filter({ hasText: invitee }).getByTestId("team-invitation-revoke").click();
  await page.getByTestId("team-invitation-revoke-confirm").click();
  await expect(page.getByTestId("team-invitation-row").filter({ hasText: invitee })).toHaveCount(0);
  await signOut(page);
  await page.goto(link);
  await expect(page.getByTestId("invite-status")).toHaveAttribute("data-status", "revoked");
  await expect(page.getByTestId("invite-status")).toContainText("This invitation was revoked.");
});
