// Activation documents (issue 25 item 1), in Chromium against the production build: an instance
// of its own with OWO_ACTIVATION_DOCUMENTS=required (the shared e2e server runs with the default,
// off). A business's owner finds the Documents step, is told beside the field that a file named
// .pdf is not a PDF, attaches the CAC certificate and an ID (and removes a spare one), cannot
// submit until both are there, then submits; a platform admin sees the files on the request and
// downloads one (attachment, the stored type, nosniff; audited). The owner cannot download it.
import { expect, test, type Page } from "@playwright/test";
import { openAppDatabase, startInstance, type AppDatabase, type AppInstance } from "../tests/instances";

test.describe.configure({ mode: "serial" });

let db: AppDatabase;
let app: AppInstance;
const admin = { email: `docs-admin-${Date.now()}@example.com`, password: "correct horse battery staple" };
const marker = `owo-e2e-cac-${Date.now()}`;
const PDF = Buffer.from(`%PDF-1.4\n1 0 obj << /Title (${marker}) >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`, "latin1");
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");

test.beforeAll(async () => {
  test.setTimeout(180_000);
  db = await openAppDatabase();
  app = await startInstance({ name: "activation-documents", databaseUrl: db.url, env: { OWO_ACTIVATION_DOCUMENTS: "required" } });
  const [{ getDb }, { createAdmin }, { CLI_ACTOR }] = await Promise.all([
    import("../db/client"),
    import("../lib/admin/create-admin"),
    import("../lib/audit/record-audit"),
  ]);
  await createAdmin(await getDb(), { email: admin.email, password: admin.password, actor: CLI_ACTOR });
});

test.afterAll(async () => {
  await app?.stop();
  await db?.close();
});

/** A business that signed up (live locked) whose request has every step but documents done. */
async function businessWithRequest(width: number) {
  const [{ getDb }, { createMerchant }, { CLI_ACTOR }] = await Promise.all([
    import("../db/client"),
    import("../lib/merchants/create-merchant"),
    import("../lib/audit/record-audit"),
  ]);
  const owner = { email: `docs-owner-${width}-${Date.now()}@example.com`, password: "correct horse battery" };
  const created = await createMerchant(await getDb(), {
    name: `Mama Put ${width}`,
    type: "business",
    email: owner.email,
    password: owner.password,
    actor: CLI_ACTOR,
    activated: false,
  });
  await db.sql`insert into activation_requests (merchant_id, legal_name, rc_number, address, owner_name, identity_type, identity_last4, identity_outcome, payout_bank_code, payout_account_number, payout_account_name, payout_verified_at)
    values (${created.merchant.id}, 'Mama Put Foods Limited', 'RC1234567', '3 Allen Avenue, Ikeja', 'Ada Obi', 'bvn', '5678', 'match', '058', '0123456789', 'MAMA PUT FOODS', now())`;
  return { ...owner, merchantId: created.merchant.id };
}

async function signIn(page: Page, who: { email: string; password: string }) {
  await page.goto(`${app.url}/sign-in`);
  await page.getByLabel("Email").fill(who.email);
  await page.getByLabel("Password").fill(who.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).not.toHaveURL(/sign-in/);
}

const noSideScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

for (const width of [1280, 375]) {
  test(`at ${width} px: documents are required before submission, uploaded, checked by their bytes, and downloaded by an admin`, async ({ browser }) => {
    const owner = await businessWithRequest(width);
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    const page = await context.newPage();
    await signIn(page, owner);

    // The first open step is Documents: the other three are done.
    await page.goto(`${app.url}/dashboard/activate`);
    await expect(page.getByTestId("activation-documents")).toBeVisible();
    await expect(page.getByTestId("activation-step-documents")).toHaveAttribute("aria-current", "step");
    await expect(page.getByTestId("activation-step-documents")).toHaveAttribute("data-done", "false");
    expect(await noSideScroll(page)).toBe(true);

    // A text file named as a PDF: refused by its bytes, the reason beside the CAC field.
    await page
      .getByTestId("activation-document-input-cac_certificate")
      .setInputFiles({ name: "cac.pdf", mimeType: "application/pdf", buffer: Buffer.from("just some text, not a PDF") });
    await expect(page.getByTestId("activation-document-error-cac_certificate")).toContainText("says it is a PDF but its content is not");

    await page
      .getByTestId("activation-document-input-cac_certificate")
      .setInputFiles({ name: "cac-certificate.pdf", mimeType: "application/pdf", buffer: PDF });
    const cac = page.getByTestId("activation-document-cac_certificate");
    await expect(cac.getByTestId("activation-document-file")).toContainText("cac-certificate.pdf");
    await expect(page.getByTestId("activation-document-error-cac_certificate")).toHaveCount(0);

    // Without the ID, the review says what is missing and the submit button is off.
    await page.goto(`${app.url}/dashboard/activate?step=review`);
    await expect(page.getByTestId("activation-documents-missing")).toContainText("a government-issued ID");
    await expect(page.getByTestId("activation-submit")).toBeDisabled();

    // The ID, plus a spare that is removed again.
    await page.goto(`${app.url}/dashboard/activate?step=documents`);
    const id = page.getByTestId("activation-document-government_id");
    await page.getByTestId("activation-document-input-government_id").setInputFiles({ name: "passport.png", mimeType: "image/png", buffer: PNG });
    await expect(id.getByTestId("activation-document-file")).toHaveCount(1);
    await page.getByTestId("activation-document-input-government_id").setInputFiles({ name: "spare.png", mimeType: "image/png", buffer: PNG });
    await expect(id.getByTestId("activation-document-file")).toHaveCount(2);
    await id.getByRole("button", { name: "Remove spare.png" }).click();
    await expect(id.getByTestId("activation-document-file")).toHaveCount(1);
    await expect(id.getByTestId("activation-document-file")).toContainText("passport.png");
    await expect(page.getByTestId("activation-step-documents")).toHaveAttribute("data-done", "true");
    expect(await noSideScroll(page)).toBe(true);

    await page.getByTestId("activation-documents-continue").click();
    await expect(page).toHaveURL(/step=review/);
    await page.getByTestId("activation-submit").click();
    await expect(page.getByTestId("activation-submitted")).toBeVisible();
    await expect(page.getByTestId("activation-summary-documents")).toContainText("cac-certificate.pdf");
    expect(await noSideScroll(page)).toBe(true);

    // An admin sees both on the request and downloads the certificate.
    const adminContext = await browser.newContext({ viewport: { width, height: 900 } });
    const adminPage = await adminContext.newPage();
    await signIn(adminPage, admin);
    await adminPage.goto(`${app.url}/admin/activations/${owner.merchantId}`);
    await expect(adminPage.getByTestId("review-document")).toHaveCount(2);
    expect(await noSideScroll(adminPage)).toBe(true);
    const link = adminPage.getByTestId("review-document").filter({ hasText: "cac-certificate.pdf" }).getByTestId("review-document-download");
    const href = (await link.getAttribute("href"))!;
    const res = await adminPage.request.get(`${app.url}${href}`);
    expect(res.status()).toBe(200);
    expect(res.headers()["content-type"]).toBe("application/pdf");
    expect(res.headers()["content-disposition"]).toMatch(/^attachment; filename="cac-certificate\.pdf"/);
    expect(res.headers()["x-content-type-options"]).toBe("nosniff");
    expect(Buffer.from(await res.body()).equals(PDF)).toBe(true);
    const audited = await db.sql`select actor_type from audit_log where merchant_id = ${owner.merchantId} and action = 'activation.document_downloaded'`;
    expect(audited.map((a) => a.actor_type)).toEqual(["admin"]);

    // The owner (no admin) gets no file; the bytes are not stored in clear.
    const mine = await page.request.get(`${app.url}${href}`, { maxRedirects: 0 });
    expect(mine.status()).not.toBe(200);
    const [stored] =
      await db.sql`select position(${Buffer.from(marker)}::bytea in sealed_bytes) as at from activation_documents where merchant_id = ${owner.merchantId} and kind = 'cac_certificate'`;
    expect(stored!.at).toBe(0);

    await adminContext.close();
    await context.close();
  });
}
