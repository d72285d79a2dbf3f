import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, type Db } from "@/db/client";
import { auditLog, merchants } from "@/db/schema";
import { CLI_ACTOR } from "@/lib/audit/record-audit";
import { isAppError } from "@/lib/errors";
import { makeMerchant } from "@/tests/factories";
import { contrastWithWhite, MIN_CONTRAST, readableAccent } from "./brand-colour";
import { getBusinessProfile, updateBusinessProfile } from "./business-profile";
import { getMerchantBrand } from "./merchant-brand";
import { checkLogo, MAX_LOGO_BYTES, readMerchantLogo, removeMerchantLogo, setMerchantLogo } from "./merchant-logo";

/*
 * The business profile (issue 18 item 3): each field is checked with a reason in a merchant's
 * words and bad input changes nothing; the brand colour is painted darker where it would not
 * read on white; a logo is accepted by its bytes only (PNG, JPEG, WebP, at most 256 KiB) and
 * served by its hash. Real Postgres.
 */

let db: Db;
beforeAll(async () => {
  db = await getDb();
});

const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");
const good = { displayName: "Ada's Kitchen", brandColour: "#FFD700", supportEmail: "Help@Ada.ng", supportPhone: "+234 803 000 0000" };

async function refusal(promise: Promise<unknown>): Promise<string[]> {
  try {
    await promise;
  } catch (err) {
    if (isAppError(err)) return err.details ?? [err.message];
    throw err;
  }
  throw new Error("expected a refusal");
}

describe("business profile", () => {
  it("saves the profile (colour and email lower-cased), audits what changed, and brands the hosted pages with it", async () => {
    const { merchant } = await makeMerchant();
    const saved = await updateBusinessProfile(db, { merchantId: merchant.id, profile: good, actor: CLI_ACTOR });
    expect(saved).toMatchObject({ displayName: "Ada's Kitchen", brandColour: "#ffd700", supportEmail: "help@ada.ng", supportPhone: "+234 803 000 0000" });
    const audit = await db.select().from(auditLog).where(eq(auditLog.targetId, merchant.id));
    expect(audit.find((a) => a.action === "merchant.profile_updated")?.changes).toMatchObject({
      display_name: { from: null, to: "Ada's Kitchen" },
      brand_colour: { from: null, to: "#ffd700" },
    });
    const brand = (await getMerchantBrand(db, merchant.id))!;
    expect(brand.name).toBe("Ada's Kitchen");
    // Gold on white does not read: the page's accent is a darker gold that does.
    expect(brand.accent!.colour).not.toBe("#ffd700");
    expect(contrastWithWhite(brand.accent!.colour)).toBeGreaterThanOrEqual(MIN_CONTRAST);
  });

  it.each([
    ["brandColour", "teal", "Enter the colour as # and six hex digits, like #0f766e."],
    ["brandColour", "#12345", "Enter the colour as # and six hex digits, like #0f766e."],
    ["supportEmail", "help at ada", "Enter an email address customers can write to, like help@yourbusiness.ng."],
    ["supportPhone", "call me", "Enter a phone number of 7 to 20 digits, like +234 803 000 0000."],
    ["displayName", "x".repeat(81), "Keep the display name to 80 characters or fewer."],
  ])("%s %j is refused with its reason, and nothing changes", async (field, value, message) => {
    const { merchant } = await makeMerchant();
    await updateBusinessProfile(db, { merchantId: merchant.id, profile: good, actor: CLI_ACTOR });
    const before = await getBusinessProfile(db, merchant.id);
    expect(
      await refusal(updateBusinessProfile(db, { merchantId: merchant.id, profile: { ...good, displayName: "Changed", [field]: value }, actor: CLI_ACTOR })),
    ).toEqual([message]);
    expect(await getBusinessProfile(db, merchant.id)).toEqual(before);
  });

  it("empty fields clear the profile: the business name is shown again and Owo's own colour is used", async () => {
    const { merchant } = await makeMerchant();
    await updateBusinessProfile(db, { merchantId: merchant.id, profile: good, actor: CLI_ACTOR });
    await updateBusinessProfile(db, {
      merchantId: merchant.id,
      profile: { displayName: "", brandColour: "", supportEmail: "", supportPhone: "" },
      actor: CLI_ACTOR,
    });
    const brand = (await getMerchantBrand(db, merchant.id))!;
    expect(brand).toMatchObject({ name: merchant.name, accent: null, supportEmail: null, supportPhone: null });
  });
});

describe("brand colour", () => {
  it("a dark colour is used as it is; every light one is darkened to at least the contrast minimum", () => {
    expect(readableAccent("#0f766e")).toBe("#0f766e");
    for (const c of ["#ffffff", "#ffff00", "#00ff00", "#87ceeb", "#ff9900"]) expect(contrastWithWhite(readableAccent(c))).toBeGreaterThanOrEqual(MIN_CONTRAST);
  });
});

describe("logo", () => {
  it("is accepted by its bytes: PNG yes; SVG, HTML posing as PNG, empty and oversized files no", () => {
    expect(checkLogo(PNG)).toEqual({ ok: true, contentType: "image/png" });
    expect(checkLogo(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0]))).toEqual({ ok: true, contentType: "image/jpeg" });
    expect(checkLogo(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'))).toEqual({
      ok: false,
      message: "The logo must be a PNG, JPEG or WebP image.",
    });
    expect(checkLogo(Buffer.from("<html>not a png</html>"))).toMatchObject({ ok: false });
    expect(checkLogo(Buffer.alloc(0))).toEqual({ ok: false, message: "Choose an image file." });
    const big = Buffer.concat([PNG, Buffer.alloc(MAX_LOGO_BYTES)]);
    expect(checkLogo(big)).toEqual({ ok: false, message: `The logo must be 256 KB or smaller; this file is ${Math.ceil(big.length / 1024)} KB.` });
  });

  it("is stored with its hash, served by that hash only, replaced and removed; a refused file changes nothing", async () => {
    const { merchant } = await makeMerchant();
    const sha = await setMerchantLogo(db, { merchantId: merchant.id, bytes: PNG, actor: CLI_ACTOR });
    expect((await readMerchantLogo(db, merchant.id, sha))?.bytes.equals(PNG)).toBe(true);
    expect((await getMerchantBrand(db, merchant.id))!.logoUrl).toBe(`/brand/${merchant.id}/${sha}`);
    expect(await refusal(setMerchantLogo(db, { merchantId: merchant.id, bytes: Buffer.from("<svg/>"), actor: CLI_ACTOR }))).toEqual([
      "The logo must be a PNG, JPEG or WebP image.",
    ]);
    const [row] = await db.select({ logoSha256: merchants.logoSha256 }).from(merchants).where(eq(merchants.id, merchant.id));
    expect(row!.logoSha256).toBe(sha);
    // Another business's id with this hash finds nothing.
    const other = await makeMerchant();
    expect(await readMerchantLogo(db, other.merchant.id, sha)).toBeNull();
    await removeMerchantLogo(db, { merchantId: merchant.id, actor: CLI_ACTOR });
    expect(await readMerchantLogo(db, merchant.id, sha)).toBeNull();
    expect((await getMerchantBrand(db, merchant.id))!.logoUrl).toBeNull();
  });
});
