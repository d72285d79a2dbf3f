import { expect as baseExpect, test, type Browser, type Page } from "@playwright/test";
import { e2eSmtpPort, startSmtpCapture } from "../tests/smtp-capture";
import { createSecretKey, owoClient, seriousAxeViolations, signIn, signUp, uniqueEmail } from "./helpers";

/*
 * Settings (issue 18 items 3 and 7) in Chromium at 1280 and 375 px: one Settings navigation
 * reaches every section without sideways scroll (axe-clean); the owner sets the business
 * profile (a refused form keeps what was typed, the reason under its field) and a logo, and
 * the hosted checkout and invoice pages wear them; active sessions list this device and
 * another, and signing the other out ends it on its next request; a sent invoice emails the
 * customer its link and a completed payment emails the payer a receipt once receipts are on
 * (the e2e server's SMTP_URL points at the capture this file starts: scripts/e2e-server.ts).
 */

// Sign-up, sign-in and the hosted pages: a loaded CI machine can take a while over each step.
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 240_000 });

let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
test.beforeAll(async () => {
  smtp = await startSmtpCapture(e2eSmtpPort(Number(process.env.E2E_PORT ?? 3100)));
});
test.afterAll(async () => {
  await smtp?.close();
});

const PASSWORD = "settings-password-1";
// A 1×1 teal PNG.
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");

async function noSidewaysScroll(page: Page, where: string) {
  const { scroll, inner } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
  expect(scroll, `${where} scrolls sideways`).toBeLessThanOrEqual(inner);
}

async function axeClean(page: Page, where: string) {
  const bad = await seriousAxeViolations(page);
  expect(bad, `${where}: axe serious/critical`).toEqual([]);
}

async function openSettings(page: Page, width: number) {
  await page.goto("/dashboard");
  if (width < 768) await page.getByRole("button", { name: "Open menu" }).click();
  await page.getByRole("link", { name: "Settings", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/settings$/);
}

async function secondDevice(browser: Browser, width: number, email: string) {
  const context = await browser.newContext({
    viewport: { width, height: 800 },
    userAgent: "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36",
  });
  const page = await context.newPage();
  await signIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);
  return { context, page };
}

for (const width of [1280, 375]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test("the Settings navigation reaches every section without sideways scroll, each axe-clean", async ({ page }) => {
      await signUp(page, { business: `Nav Co ${width}`, email: uniqueEmail(`settings-nav-${width}`), password: PASSWORD });
      await openSettings(page, width);
      const nav = page.getByRole("navigation", { name: "Settings" });
      // A new business has static accounts off: no settlement destination until they are on.
      const labels = ["Business profile", "Notifications", "Team", "Security", "Audit log"];
      await expect(nav.getByRole("link")).toHaveText(labels);
      await noSidewaysScroll(page, "/dashboard/settings");
      for (const label of labels) {
        await nav.getByRole("link", { name: label }).click();
        await expect(page.getByRole("heading", { level: 1, name: label })).toBeVisible();
        await expect(nav.getByRole("link", { name: label })).toHaveAttribute("aria-current", "page");
        await noSidewaysScroll(page, label);
        await axeClean(page, `${label} at ${width} px`);
      }
      // The Settlements page links to the destination in Settings.
      await page.goto("/dashboard/settlements");
      await page.getByTestId("settlement-destination-link").click();
      await expect(page).toHaveURL(/\/dashboard\/settings\/settlement$/);
    });

    test("the owner's profile: a refused form keeps what was typed with the reason under the field; the hosted checkout and invoice wear the profile", async ({
      page,
    }) => {
      await signUp(page, { business: `Profile Co ${width}`, email: uniqueEmail(`settings-profile-${width}`), password: PASSWORD });
      await page.goto("/dashboard/settings/profile");
      await page.getByLabel("Display name").fill("Ada's Kitchen");
      await page.getByLabel("Brand colour", { exact: true }).fill("gold");
      await page.getByLabel("Support email").fill("help at ada");
      await page.getByLabel("Support phone").fill("+234 803 000 0000");
      await page.getByTestId("save-profile").click();
      const form = page.getByTestId("profile-form");
      await expect(form.getByText("Enter the colour as # and six hex digits, like #0f766e.")).toBeVisible();
      await expect(form.getByText("Enter an email address customers can write to, like help@yourbusiness.ng.")).toBeVisible();
      await expect(page.getByLabel("Display name")).toHaveValue("Ada's Kitchen");
      await expect(page.getByLabel("Brand colour", { exact: true })).toHaveValue("gold");
      await expect(page.getByLabel("Support email")).toHaveValue("help at ada");
      await expect(page.getByLabel("Support phone")).toHaveValue("+234 803 000 0000");

      await page.getByLabel("Brand colour", { exact: true }).fill("#ffd700");
      await page.getByLabel("Support email").fill("help@ada.example");
      await page.getByTestId("save-profile").click();
      await expect(page.getByText("Business profile saved")).toBeVisible();
      await page.getByLabel("Upload a logo").setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: PNG });
      await expect(page.getByTestId("logo-current")).toBeVisible();
      // A file that is not an image is refused by its bytes, with the reason beside the field.
      await page
        .getByLabel("Upload a logo")
        .setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>") });
      await expect(page.getByTestId("logo-error")).toHaveText("The logo must be a PNG, JPEG or WebP image.");
      await page.reload();
      await expect(page.getByLabel("Display name")).toHaveValue("Ada's Kitchen");
      await axeClean(page, "profile");

      const owo = owoClient(page.request, await createSecretKey(page, { name: "profile" }));
      const session = await owo.initializeSession({ amount: 250_000, email: "bola.ade@example.com" });
      await page.goto(new URL(session.checkout_url).pathname);
      await expect(page.getByTestId("merchant-name")).toHaveText("Ada's Kitchen");
      const logo = page.getByTestId("brand-logo");
      await expect(logo).toBeVisible();
      expect(await logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
      expect(new URL(await logo.evaluate((img: HTMLImageElement) => img.src)).origin).toBe(new URL(page.url()).origin);
      await expect(page.getByTestId("brand-support")).toContainText("help@ada.example");
      await expect(page.getByTestId("brand-support")).toContainText("+234 803 000 0000");
      // Gold would not read on white: the page paints a darker shade of it.
      const accent = await page.locator("[data-hosted-page]").getAttribute("data-brand-colour");
      expect(accent).toMatch(/^#[0-9a-f]{6}$/);
      expect(accent).not.toBe("#ffd700");
      await noSidewaysScroll(page, "checkout");
      await axeClean(page, "branded checkout");

      const invoice = await owo.createInvoice({
        customer_name: "Funke Adeyemi",
        customer_email: "funke@example.com",
        line_items: [{ description: "Catering", quantity: 1, unit_price: 2_500_000 }],
        due_date: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
      });
      await page.goto(`/i/${invoice.public_id}`);
      await expect(page.getByTestId("brand-logo")).toBeVisible();
      await axeClean(page, "branded invoice");
    });

    test("active sessions: this device and another; signing the other out ends it on its next request", async ({ page, browser }) => {
      const email = uniqueEmail(`settings-sessions-${width}`);
      await signUp(page, { business: `Sessions Co ${width}`, email, password: PASSWORD });
      const other = await secondDevice(browser, width, email);
      await page.goto("/dashboard/settings/security");
      const rows = page.getByTestId("session-row");
      await expect(rows).toHaveCount(2);
      await expect(rows.first()).toContainText("This device");
      await expect(rows.nth(1)).toContainText("Chrome on Android");
      await rows.nth(1).getByTestId("session-sign-out").click();
      await expect(rows).toHaveCount(1);
      await other.page.goto("/dashboard/payments");
      await expect(other.page).toHaveURL(/\/sign-in/);
      // This one goes on.
      await page.goto("/dashboard/payments");
      await expect(page).toHaveURL(/\/dashboard\/payments$/);
      await other.context.close();
    });

    test("a sent invoice emails the customer its link; with receipts on, a completed payment emails the payer a receipt", async ({ page }) => {
      await signUp(page, { business: `Mail Co ${width}`, email: uniqueEmail(`settings-mail-${width}`), password: PASSWORD });
      const secret = await createSecretKey(page, { name: "mail" });
      const owo = owoClient(page.request, secret);
      const customer = uniqueEmail(`invoice-customer-${width}`);
      const draft = await owo.createInvoice({
        customer_name: "Funke Adeyemi",
        customer_email: customer,
        line_items: [{ description: "Catering", quantity: 1, unit_price: 2_500_000 }],
        due_date: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
      });
      await page.goto(`/dashboard/invoices/${draft.public_id}`);
      await page.getByTestId("inv-send").click();
      await page.getByTestId("inv-confirm-send").click();
      await expect(page.getByText(`sent: we are emailing the payment link to ${customer}`)).toBeVisible();
      const invoiceMail = await smtp.waitFor((m) => m.to.includes(customer));
      expect(invoiceMail.subject).toContain(`Invoice ${draft.invoice_number} from Mail Co ${width}`);
      expect(invoiceMail.text).toContain(`/i/${draft.public_id}`);

      // Receipts are off by default; the owner turns them on.
      await page.goto("/dashboard/settings/notifications");
      await expect(page.getByLabel(/Email payers a receipt/)).not.toBeChecked();
      await page.getByLabel(/Email payers a receipt/).check();
      await page.getByLabel(/A payment is received/).check();
      await page.getByLabel("From this amount (₦)").fill("-5");
      await page.getByTestId("save-notifications").click();
      await expect(page.getByText("The amount cannot be negative.")).toBeVisible();
      await expect(page.getByLabel("From this amount (₦)")).toHaveValue("-5");
      await page.getByLabel("From this amount (₦)").fill("1,000");
      await page.getByTestId("save-notifications").click();
      await expect(page.getByText("Notifications saved")).toBeVisible();

      const payer = uniqueEmail(`payer-${width}`);
      const session = await owo.initializeSession({ amount: 150_000, email: payer, customer_name: "Chuka Obi" });
      const method = (await owo.selectPaymentMethod(session.session_id, { payment_method: "payid" })) as { pay_id: string };
      const paid = await page.request.post("/v1/sandbox/payments", {
        headers: { "x-api-key": secret },
        data: { pay_id: method.pay_id, amount: 150_000, payer: { name: "Chuka Obi" } },
      });
      expect(paid.status(), await paid.text()).toBe(200);
      const receipt = await smtp.waitFor((m) => m.to.includes(payer.toLowerCase()));
      expect(receipt.subject).toBe(`[Test] Your receipt from Mail Co ${width}`);
      expect(receipt.text).toContain("₦1,500.00");
    });
  });
}
