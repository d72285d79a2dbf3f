import { expect, test } from "@playwright/test";
import { holdScripts, reactStarted, signUp, uniqueEmail } from "./helpers";

/*
 * A page shown before its scripts run (a slow phone; a busy test machine): a button that needs
 * JavaScript is disabled until React runs the page, so a click is never silently lost, and a
 * form JavaScript submits is a POST, so a submit before then never puts its fields (here a
 * password) in an address. Forms whose action is a server action (sign-in, sign-up) work
 * without JavaScript and are not held.
 */

test("before the page is hydrated a script form's submit and an onClick button are disabled, and an Enter sends no field in an address; once it runs both work", async ({
  page,
}) => {
  const password = "before-hydration-1";
  await signUp(page, { business: "Early Press Ltd", email: uniqueEmail("early-press"), password });
  const addresses: string[] = [];
  page.on("request", (r) => addresses.push(r.url()));
  const release = await holdScripts(page);
  await page.goto("/dashboard/settings/security", { waitUntil: "commit" });

  const submit = page.getByTestId("change-password-submit");
  await expect(submit).toBeAttached();
  expect(await reactStarted(page), "the page is still plain HTML").toBe(false);
  await expect(submit).toBeDisabled();
  await expect(page.getByTestId("two-factor-start")).toBeDisabled();
  // The sign-out form's action is a server action: it works as plain HTML and is not held.
  await expect(page.getByRole("button", { name: "Sign out" })).toBeEnabled();

  await page.getByLabel("Current password", { exact: true }).fill(password);
  await page.getByLabel("New password", { exact: true }).fill("before-hydration-2");
  await page.getByLabel("Repeat the new password").fill("before-hydration-2");
  await page.getByLabel("Repeat the new password").press("Enter");
  expect(await reactStarted(page)).toBe(false);
  expect(
    addresses.filter((a) => a.includes("before-hydration")),
    "no password in any address",
  ).toEqual([]);

  release();
  await expect(submit).toBeEnabled({ timeout: 30_000 });
  await expect(page.getByTestId("two-factor-start")).toBeEnabled();
  await submit.click();
  await expect(page.getByTestId("change-password-done")).toBeVisible();
  expect(addresses.filter((a) => a.includes("before-hydration"))).toEqual([]);
  expect(new URL(page.url()).search).toBe("");
});
