import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { getDb, type Db } from "@/db/client";
import { memberships, merchants, users } from "@/db/schema";
import { verifyPassword } from "@/lib/users/password";
import { isAppError } from "@/lib/errors";
import { randomBase62 } from "@/lib/ids";
import { inviteMember } from "@/lib/team/invite-member";
import { signUpWithInvitation } from "@/lib/team/sign-up-with-invitation";
import { SIGN_UP_MESSAGES, signUpMode } from "@/lib/users/sign-up-mode";
import { makeMerchant } from "@/tests/factories";
import { startSmtpCapture } from "@/tests/smtp-capture";
import { signUp } from "./sign-up";

/*
 * Sign-up (issue 14 item 7): OWO_SIGNUP decides who may sign up (refused by the server, not
 * only the page); attempts are limited per email and per client IP; and the answer is the
 * same whether or not the email already has an account — for one that has, nothing is created
 * and its owner is mailed (when SMTP_URL is set). Real Postgres; a real SMTP listener.
 */

let db: Db;
beforeAll(async () => {
  db = await getDb();
});
const saved = { OWO_SIGNUP: process.env.OWO_SIGNUP, SMTP_URL: process.env.SMTP_URL };
afterEach(() => {
  for (const [k, v] of Object.entries(saved)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
});

const email = (tag: string) => `${tag}-${randomBase62(8).toLowerCase()}@example.com`;
const ip = () => `198.51.100.${randomBase62(6)}`; // a bucket of its own per test
const form = (over: Partial<{ email: string; businessName: string; password: string }> = {}) => ({
  type: "business" as const,
  businessName: over.businessName ?? `Signup Co ${randomBase62(6)}`,
  name: "Ada Obi",
  email: over.email ?? email("signup"),
  password: over.password ?? "a-strong-password",
  actor: { type: "user" as const, ip: "198.51.100.1", userAgent: "vitest sign-up" },
  ip: ip(),
  baseUrl: "https://owo.example",
});
const refusal = (p: Promise<unknown>) =>
  p.then(
    () => "accepted",
    (e: unknown) => (isAppError(e) ? `${e.status} ${e.message}` : `threw ${String(e)}`),
  );
const merchantsNamed = async (name: string) => (await db.select().from(merchants).where(eq(merchants.name, name))).length;

describe("the same answer whether or not the email exists", () => {
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
  beforeAll(async () => {
    smtp = await startSmtpCapture();
  });
  afterAll(() => smtp.close());

  it("a new email gets its business; an existing one gets nothing created, its password untouched, and a notice by mail", async () => {
    process.env.SMTP_URL = smtp.url;
    const first = form();
    const created = await signUp(db, first);
    expect(created.created).toBe(true);
    expect(await merchantsNamed(first.businessName)).toBe(1);
    await created.deliver();
    expect(smtp.mails.filter((m) => m.to.includes(first.email))).toEqual([]);

    const again = form({ email: first.email.toUpperCase(), password: "another-password" });
    const res = await signUp(db, again);
    expect(Object.keys(res).sort()).toEqual(Object.keys(created).sort()); // same shape: the action answers the same redirect
    expect(res.created).toBe(false);
    expect(await merchantsNamed(again.businessName)).toBe(0);
    const [user] = await db.select().from(users).where(eq(users.email, first.email));
    expect(await verifyPassword(user!.passwordHash, "a-strong-password")).toBe(true);
    expect(await db.select().from(memberships).where(eq(memberships.userId, user!.id))).toHaveLength(1);

    expect(await res.deliver()).toBe("sent");
    const mail = await smtp.waitFor((m) => m.to.includes(first.email));
    expect(mail.subject).toBe("Someone tried to sign up with your address");
    expect(mail.text).toContain("https://owo.example/forgot-password");
  });

  it("without SMTP_URL an existing email is answered the same and nothing is sent", async () => {
    delete process.env.SMTP_URL;
    const m = await makeMerchant();
    const res = await signUp(db, form({ email: m.owner.email }));
    expect(res.created).toBe(false);
    expect(await res.deliver()).toBe("not_configured");
  });
});

describe("OWO_SIGNUP", () => {
  it("defaults: open on the embedded trial (no DATABASE_URL), invite with DATABASE_URL; an unknown value closes", () => {
    expect(signUpMode({})).toBe("open");
    expect(signUpMode({ DATABASE_URL: "postgres://x/y" })).toBe("invite");
    expect(signUpMode({ DATABASE_URL: "postgres://x/y", OWO_SIGNUP: "open" })).toBe("open");
    expect(signUpMode({ OWO_SIGNUP: "closed" })).toBe("closed");
    expect(signUpMode({ OWO_SIGNUP: "yes please" })).toBe("closed");
  });

  it("invite: /sign-up is refused by the server and creates nothing; an invitation link still signs up", async () => {
    process.env.OWO_SIGNUP = "invite";
    const f = form();
    expect(await refusal(signUp(db, f))).toBe(`403 ${SIGN_UP_MESSAGES.invite}`);
    expect(await merchantsNamed(f.businessName)).toBe(0);
    expect(await db.select().from(users).where(eq(users.email, f.email))).toHaveLength(0);

    const b = await makeMerchant();
    const invited = email("invited");
    const inv = await inviteMember(db, {
      merchantId: b.merchant.id,
      actor: { type: "user", userId: b.owner.id },
      email: invited,
      role: "viewer",
      baseUrl: "https://owo.example",
    });
    const joined = await signUpWithInvitation(db, {
      token: inv.link.split("/").pop()!,
      name: "Invited One",
      password: "a long password",
      actor: { type: "user" },
    });
    expect(joined.email).toBe(invited);
  });

  it("closed: neither /sign-up nor an invitation link creates an account", async () => {
    process.env.OWO_SIGNUP = "closed";
    const f = form();
    expect(await refusal(signUp(db, f))).toBe(`403 ${SIGN_UP_MESSAGES.closed}`);
    const b = await makeMerchant();
    const invited = email("closed-invite");
    const inv = await inviteMember(db, {
      merchantId: b.merchant.id,
      actor: { type: "user", userId: b.owner.id },
      email: invited,
      role: "viewer",
      baseUrl: "https://owo.example",
    });
    expect(
      await refusal(signUpWithInvitation(db, { token: inv.link.split("/").pop()!, name: "Invited Two", password: "a long password", actor: { type: "user" } })),
    ).toBe(`403 ${SIGN_UP_MESSAGES.closed}`);
    expect(await db.select().from(users).where(eq(users.email, invited))).toHaveLength(0);
  });
});

describe("sign-up attempt limits", () => {
  it("5 attempts per email in an hour (from any IP): the 6th is refused with the minutes to wait, and creates nothing", async () => {
    const target = email("per-email");
    for (let i = 0; i < 5; i++) expect(await refusal(signUp(db, form({ email: target })))).toBe("accepted");
    const sixth = form({ email: target });
    expect(await refusal(signUp(db, sixth))).toMatch(/^429 Too many sign-up attempts\. Try again in \d+ minutes?\.$/);
    expect(await merchantsNamed(sixth.businessName)).toBe(0);
  });

  it("10 attempts per IP in an hour (any emails): the 11th is refused, a new email included", async () => {
    const from = ip();
    for (let i = 0; i < 10; i++) expect(await refusal(signUp(db, { ...form(), ip: from }))).toBe("accepted");
    const eleventh = { ...form(), ip: from };
    expect(await refusal(signUp(db, eleventh))).toMatch(/^429 Too many sign-up attempts\./);
    expect(await db.select().from(users).where(eq(users.email, eleventh.email))).toHaveLength(0);
    // Another IP is not affected.
    expect(await refusal(signUp(db, form()))).toBe("accepted");
  });
});
