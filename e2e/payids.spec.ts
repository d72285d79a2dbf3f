import { expect, test } from "@playwright/test";
import { activateSignedUp, signUp, uniqueEmail } from "./helpers";

test("PayIDs from the dashboard: a static PayID with QR and pay link, renamed, deactivated and reactivated; a dynamic PayID listed, filtered and deactivated", async ({
  page,
  browser,
}) => {
  await signUp(page, { business: "Bola Bakery", email: uniqueEmail("payids"), password: "a-strong-password" });
  await page.getByRole("link", { name: "PayIDs" }).click();
  await expect(page).toHaveURL(/\/dashboard\/payids$/);
  await expect(page.getByTestId("static-payids-empty")).toBeVisible();

  // Static: handle + suffix, preview, then its page with QR code and pay link.
  const handle = `bola_${Date.now().toString(36)}`.slice(0, 20);
  await page.getByTestId("new-static-payid").click();
  await page.getByLabel("PayID", { exact: true }).fill(handle);
  await page.getByLabel("Ending").selectOption(".checkout");
  await expect(page.getByRole("dialog")).toContainText(`Customers will pay ${handle}.checkout`);
  await page.getByLabel("Name", { exact: true }).fill("Bakery till");
  await page.getByTestId("create-static-payid").click();
  await expect(page).toHaveURL(/\/dashboard\/payids\/static\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId("payid-full")).toHaveText(`${handle}.checkout`);
  await expect(page.getByTestId("payid-status")).toHaveText(/active/i);
  await expect(page.getByTestId("payid-qr").locator("svg")).toBeVisible();
  await expect(page.getByTestId("payid-pay-link")).toHaveText(new RegExp(`/p/${handle}\\.checkout$`));
  await expect(page.getByRole("button", { name: "Copy pay link" })).toBeVisible();

  // The same PayID again is refused with the API's message.
  await page.goto("/dashboard/payids");
  await page.getByTestId("new-static-payid").click();
  await page.getByLabel("PayID", { exact: true }).fill(handle);
  await page.getByLabel("Ending").selectOption(".checkout");
  await page.getByLabel("Name", { exact: true }).fill("Again");
  await page.getByTestId("create-static-payid").click();
  await expect(page.getByTestId("static-payid-error")).toContainText("already taken");
  await page.keyboard.press("Escape");

  // Rename, deactivate (with confirmation), reactivate.
  await page.getByTestId("static-payid-row").getByRole("link").click();
  await page.getByTestId("edit-static-payid").click();
  await page.getByTestId("edit-static-payid-name").fill("Front counter");
  await page.getByTestId("save-static-payid").click();
  await expect(page.getByTestId("payid-name")).toHaveText("Front counter");
  await page.getByTestId("deactivate-static-payid").click();
  await expect(page.getByRole("dialog")).toContainText(`Payments to ${handle}.checkout will be refused`);
  await page.getByTestId("confirm-deactivate-static-payid").click();
  await expect(page.getByTestId("payid-status")).toHaveText(/inactive/i);
  await page.getByTestId("reactivate-static-payid").click();
  await expect(page.getByTestId("payid-status")).toHaveText(/^active$/i);

  // The PayID made in the dashboard is paid through its pay page (test mode: simulate).
  const staticPage = page.url();
  const payLink = (await page.getByTestId("payid-pay-link").textContent())!.trim();
  await page.goto(payLink);
  await expect(page.getByTestId("test-mode-banner")).toBeVisible();
  await page.getByLabel("Amount (₦)").fill("1500");
  await page.getByTestId("simulate-payment").click();
  await expect(page.getByTestId("payid-paid")).toContainText("₦1,500.00");
  await page.goto(staticPage);
  await expect(page.getByTestId("payid-payments-total")).toContainText("1 payment");

  // Dynamic: amount and rule, then its page; listed under its tab; deactivated.
  await page.goto("/dashboard/payids?tab=dynamic");
  await expect(page.getByTestId("dynamic-payids-empty")).toBeVisible();
  await page.getByTestId("new-dynamic-payid").click();
  await page.getByLabel("Amount (₦, optional)").fill("2,500.50");
  await page.getByLabel("Accept", { exact: true }).selectOption("A0");
  await page.getByLabel("Expires after").selectOption({ label: "1 hour" });
  await page.getByLabel("Name (optional)").fill("Wedding cake deposit");
  await expect(page.getByTestId("create-dynamic-payid")).toHaveText("Create PayID for ₦2,500.50");
  await page.getByTestId("create-dynamic-payid").click();
  await expect(page).toHaveURL(/\/dashboard\/payids\/dynamic\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId("payid-full")).toHaveText(/^[a-z0-9]+\.dypid$/);
  const dynamicPayId = (await page.getByTestId("payid-full").textContent())!;
  await expect(page.getByTestId("payid-amount")).toHaveText("₦2,500.50");
  await expect(page.getByText("Exactly the amount", { exact: true })).toBeVisible();
  await expect(page.getByTestId("payid-pay-link")).toHaveText(new RegExp(`/p/${dynamicPayId.replace(".", "\\.")}$`));

  await page.goto("/dashboard/payids?tab=dynamic");
  await expect(page.getByTestId("dynamic-payid-row")).toHaveCount(1);
  await expect(page.getByTestId("dynamic-payid-row")).toContainText("₦2,500.50");
  await page.getByTestId("payids-search").fill(dynamicPayId);
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/search=/);
  await expect(page.getByTestId("dynamic-payid-row")).toHaveCount(1);

  await page.getByTestId("dynamic-payid-row").getByRole("link").click();
  await page.getByTestId("deactivate-dynamic-payid").click();
  await page.getByTestId("confirm-deactivate-dynamic-payid").click();
  await expect(page.getByTestId("payid-status")).toHaveText(/deactivated/i);
  await expect(page.getByTestId("payid-closed")).toBeVisible();
  await page.goto("/dashboard/payids?tab=dynamic&status=active");
  await expect(page.getByTestId("dynamic-payids-empty")).toContainText("No dynamic PayIDs match");
  await page.goto("/dashboard/payids?tab=dynamic&status=deactivated");
  await expect(page.getByTestId("dynamic-payid-row")).toHaveCount(1);

  // Mode-scoped: live mode has none of the test PayIDs.
  await page.goto("/dashboard/payids?tab=static");
  await expect(page.getByTestId("static-payid-row")).toHaveCount(1);
  // Live mode opens once the business is activated (supplement §13).
  await activateSignedUp(page, browser, "Bola Bakery");
  await page.goto("/dashboard/payids?tab=static");
  await page.getByTestId("mode-switch").click();
  await expect(page.getByTestId("dashboard-header")).toHaveAttribute("data-mode", "live");
  await expect(page.getByTestId("static-payids-empty")).toBeVisible();
  await page.goto("/dashboard/payids?tab=dynamic");
  await expect(page.getByTestId("dynamic-payids-empty")).toBeVisible();
});

test("a personal account gets dynamic PayIDs only, and a menu fitted to a person", async ({ page }) => {
  await signUp(page, { business: "Tunde Adeyemi", email: uniqueEmail("payids-personal"), password: "a-strong-password", type: "personal" });
  // DESIGN.md: a personal account's menu holds what a person uses, none of the business-only areas.
  const nav = page.getByRole("navigation", { name: "Dashboard" });
  await expect(nav.getByRole("link")).toHaveText(["Home", "Balance", "Payments", "PayIDs", "Transfers", "Refunds", "Settings"]);
  await page.goto("/dashboard/payids");
  await expect(page.getByTestId("new-static-payid")).toHaveCount(0);
  await expect(page.getByTestId("dynamic-payids-empty")).toBeVisible();
  await page.goto("/dashboard/payids?tab=static");
  await expect(page.getByTestId("static-payids-business-only")).toBeVisible();
  await page.getByTestId("new-dynamic-payid").click();
  await page.getByTestId("create-dynamic-payid").click();
  await expect(page).toHaveURL(/\/dashboard\/payids\/dynamic\//);
  await expect(page.getByTestId("payid-amount")).toHaveText("Any amount");
});
