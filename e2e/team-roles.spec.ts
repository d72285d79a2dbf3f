import { expect, test, type Page, type Request } from "@playwright/test";
import { signUp, uniqueEmail } from "./helpers";

const FORBIDDEN = "Your role does not allow this action.";

/** The server action request (Next-Action header) a click sends, to replay it as someone else. */
async function captureAction(page: Page, click: () => Promise<void>): Promise<Request> {
  const [req] = await Promise.all([page.waitForRequest((r) => r.method() === "POST" && Boolean(r.headers()["next-action"])), click()]);
  return req;
}

/** Sends the very same server action call (same action id, same arguments) with another user's session. */
async function replayAs(page: Page, action: Request): Promise<string> {
  const h = action.headers();
  const res = await page.request.post(action.url(), {
    headers: {
      "next-action": h["next-action"]!,
      "content-type": h["content-type"]!,
      accept: "text/x-component",
      origin: new URL(action.url()).origin,
      ...(h["next-router-state-tree"] ? { "next-router-state-tree": h["next-router-state-tree"] } : {}),
    },
    data: action.postDataBuffer() ?? "",
    failOnStatusCode: false,
  });
  return res.text();
}

test("an owner invites a viewer, who sees payments but cannot send money or reveal a key (the server refuses too); promoted to developer, they roll a test key; the audit log shows who did each", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const ownerEmail = uniqueEmail("team-owner");
  const memberEmail = uniqueEmail("team-member");

  // The owner: a business with money in its test wallet and a test key.
  await signUp(page, { business: "Team Roles Ltd", email: ownerEmail, password: "owner-password-1" });
  await page.getByLabel("Amount in naira").fill("50000");
  await page.getByTestId("fund-wallet").click();
  await expect(page.getByTestId("wallet-balance")).toHaveText("₦50,000.00");

  // The owner's own calls, captured to be replayed with the viewer's session below.
  await page.goto("/dashboard/developers");
  await page.getByTestId("create-key").click();
  const createKey = await captureAction(page, () => page.getByTestId("create-key-submit").click());
  await expect(page.getByTestId("new-secret-key")).toHaveText(/^sk_test_/);
  await page.getByTestId("secret-saved").click();
  await expect(page.getByTestId("key-row")).toHaveCount(1);

  await page.goto("/dashboard/transfers/new");
  await page.getByLabel("Bank").selectOption({ label: "Guaranty Trust Bank" });
  await page.getByLabel("Account number").fill("0123456789");
  await expect(page.getByTestId("recipient-name")).not.toBeEmpty();
  await page.getByLabel("Amount (₦)").fill("1000");
  await expect(page.getByTestId("quote-total")).not.toBeEmpty();
  await page.getByTestId("review-transfer").click();
  const sendMoney = await captureAction(page, () => page.getByTestId("confirm-send").click());
  await expect(page).toHaveURL(/\/dashboard\/transfers\/TRF_/);
  await page.goto("/dashboard");
  const balanceAfterOwnerTransfer = (await page.getByTestId("wallet-balance").textContent())!;

  // Settings → Team: invite the member as a viewer; the one-time link is shown.
  await page.goto("/dashboard/settings/team");
  await page.getByTestId("team-invite-email").fill(memberEmail);
  await page.getByTestId("team-invite-role").selectOption("viewer");
  await page.getByTestId("team-invite-submit").click();
  const link = (await page.getByTestId("team-invite-link").textContent())!.trim();
  expect(link).toMatch(/\/invite\/[A-Za-z0-9_-]+$/);
  await expect(page.getByTestId("team-invitation-row").filter({ hasText: memberEmail })).toBeVisible();

  // The member follows the link in their own browser and signs up through it (email fixed).
  const memberContext = await browser.newContext();
  const member = await memberContext.newPage();
  await member.goto(new URL(link).pathname);
  await expect(member.getByTestId("invite-business")).toHaveText("Team Roles Ltd");
  await expect(member.getByTestId("invite-role")).toHaveText(/viewer/i);
  await expect(member.getByTestId("invite-email-field")).toHaveValue(memberEmail);
  await member.getByTestId("invite-name").fill("Vic Viewer");
  await member.getByTestId("invite-password").fill("member-password-1");
  await member.getByTestId("invite-signup-submit").click();
  await expect(member).toHaveURL(/\/dashboard$/);
  await expect(member.getByTestId("business-name")).toHaveText("Team Roles Ltd");

  // The viewer sees payments …
  await member.goto("/dashboard/payments");
  await expect(member.getByRole("heading", { name: "Payments" })).toBeVisible();
  // … but the send-money and key controls are not offered …
  await member.goto("/dashboard/transfers");
  await expect(member.getByTestId("send-money")).toHaveCount(0);
  await expect(member.getByTestId("role-hint")).toBeVisible();
  await member.goto("/dashboard/developers");
  await expect(member.getByTestId("key-row")).toHaveCount(1);
  await expect(member.getByTestId("create-key")).toHaveCount(0);
  await expect(member.getByTestId("roll-key")).toHaveCount(0);
  await expect(member.getByTestId("reveal-webhook-secret")).toHaveCount(0);
  // … and the server refuses them: the owner's very calls, sent with the viewer's session.
  expect(await replayAs(member, sendMoney)).toContain(FORBIDDEN);
  expect(await replayAs(member, createKey)).toContain(FORBIDDEN);
  await member.goto("/dashboard");
  await expect(member.getByTestId("wallet-balance")).toHaveText(balanceAfterOwnerTransfer);
  await member.goto("/dashboard/developers");
  await expect(member.getByTestId("key-row")).toHaveCount(1);

  // The owner promotes the viewer to developer.
  await page.goto("/dashboard/settings/team");
  const row = page.getByTestId("team-member-row").filter({ hasText: memberEmail });
  await expect(row).toHaveAttribute("data-role", "viewer");
  await row.getByTestId("team-role-select").selectOption("developer");
  await expect(row).toHaveAttribute("data-role", "developer");

  // The developer rolls the test key: the new secret is shown once.
  await member.goto("/dashboard/developers");
  await member.getByTestId("roll-key").first().click();
  await member.getByTestId("confirm-roll").click();
  await expect(member.getByTestId("rolled-secret-key")).toHaveText(/^sk_test_/);
  await member.getByTestId("secret-saved").click();

  // The owner's audit log: the invite and the role change by the owner, the key roll by the developer.
  await page.goto("/dashboard/settings/audit-log");
  const entry = (action: string) => page.locator(`[data-testid="audit-row"][data-action="${action}"]`);
  await expect(entry("member.invited")).toHaveCount(1);
  await expect(entry("member.invited").getByTestId("audit-actor")).toHaveText(ownerEmail);
  await expect(entry("member.invited")).toContainText(memberEmail);
  await expect(entry("member.role_changed")).toHaveCount(1);
  await expect(entry("member.role_changed").getByTestId("audit-actor")).toHaveText(ownerEmail);
  await expect(entry("member.role_changed").getByTestId("audit-changes")).toContainText("Role: Viewer → Developer");
  await expect(entry("api_key.rolled")).toHaveCount(1);
  await expect(entry("api_key.rolled").getByTestId("audit-actor")).toHaveText(memberEmail);
  // Neither secret ever reaches the log.
  await expect(page.getByTestId("audit-row").filter({ hasText: /sk_test_[A-Za-z0-9]{20,}/ })).toHaveCount(0);

  await memberContext.close();
});
