// Issue 14, operator-only limits: an Owo admin edits a key pair's two rate limits on the admin
// merchant page (1280 and 375 px); the key's /v1 answers follow, and the change is audited
// with the admin and before → after. The merchant's own dashboard has no such fields. On an
// instance and database of the spec's own (the admin is made there, not seeded).
import { expect, test } from "@playwright/test";
import { api, makeMerchantKey, openAppDatabase, startInstance, type AppDatabase, type AppInstance } from "../tests/instances";
import { signIn } from "./helpers";

test.describe.configure({ mode: "serial" });

let db: AppDatabase;
let app: AppInstance;
const ADMIN = { email: `limits-admin-${Date.now()}@e2e.example.com`, password: "a-strong-admin-password" };

test.beforeAll(async () => {
  test.setTimeout(120_000);
  db = await openAppDatabase();
  app = await startInstance({ name: "limits", databaseUrl: db.url });
  const [{ getDb }, { createAdmin }, { CLI_ACTOR }] = await Promise.all([
    import("../db/client"),
    import("../lib/admin/create-admin"),
    import("../lib/audit/record-audit"),
  ]);
  await createAdmin(await getDb(), { ...ADMIN, actor: CLI_ACTOR });
});

test.afterAll(async () => {
  await app?.stop();
  await db?.close();
});

for (const width of [1280, 375]) {
  test(`at ${width} px: an admin sets a key's limits; /v1 follows and the audit log has before → after`, async ({ browser }) => {
    const key = await makeMerchantKey({ rateLimit: 100, initializeLimit: 30 });
    const context = await browser.newContext({ baseURL: app.url, viewport: { width, height: 900 } });
    const page = await context.newPage();
    await signIn(page, ADMIN.email, ADMIN.password);
    await expect(page).toHaveURL(/\/admin$/);
    await page.goto(`/admin/merchants/${key.merchantId}`);
    const form = page.getByTestId(`key-limits-${key.keyPairId}`);
    await expect(form).toBeVisible();
    await form.getByLabel("Requests / min").fill("7");
    await form.getByLabel("Initializations / min").fill("3");
    await form.getByRole("button", { name: "Save limits" }).click();
    await expect(page.getByText("Rate limits saved")).toBeVisible();
    // The editor fits the screen (measured on the form: the toast slides in from the right).
    const box = (await form.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(width);

    await expect
      .poll(
        async () =>
          (
            await db.sql<{ rate_limit: number; initialize_limit: number }[]>`
        select rate_limit, initialize_limit from api_key_pairs where id = ${key.keyPairId}`
          )[0],
      )
      .toEqual({ rate_limit: 7, initialize_limit: 3 });
    expect((await api(app.url, key.secretKey, "GET", "/v1/checkout/transfer/banks")).headers.get("x-ratelimit-limit")).toBe("7");
    const audit = await db.sql<{ actor_type: string; changes: unknown }[]>`
      select actor_type, changes from audit_log where target_id = ${key.keyPairId} and action = 'api_key.limits_changed'`;
    expect(audit).toEqual([{ actor_type: "admin", changes: { rate_limit: { from: 100, to: 7 }, initialize_limit: { from: 30, to: 3 } } }]);
    await context.close();
  });
}

test("the merchant's owner cannot reach the admin page, and the dashboard's key form has no limit fields", async ({ browser }) => {
  const key = await makeMerchantKey();
  const owners = await db.sql<{ email: string }[]>`
    select u.email from users u join memberships m on m.user_id = u.id where m.merchant_id = ${key.merchantId}`;
  const email = owners[0]!.email;
  const context = await browser.newContext({ baseURL: app.url });
  const page = await context.newPage();
  await signIn(page, email, "correct horse battery");
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(`/admin/merchants/${key.merchantId}`);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto("/dashboard/developers");
  await page.getByTestId("create-key").click();
  await expect(page.getByLabel(/rate limit|requests \/ min/i)).toHaveCount(0);
  await context.close();
});
