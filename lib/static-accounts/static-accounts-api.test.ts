import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { GET as getOne, DELETE as deleteOne } from "@/app/v1/checkout/static-account/[id]/route";
import { POST as disablePost } from "@/app/v1/checkout/static-account/[id]/disable/route";
import { POST as enablePost } from "@/app/v1/checkout/static-account/[id]/enable/route";
import { GET as paymentsGet } from "@/app/v1/checkout/static-account/[id]/payments/route";
import { GET as listGet, POST as createPost } from "@/app/v1/checkout/static-account/route";
import { GET as statusGet } from "@/app/v1/checkout/static-account/status/route";
import { getDb } from "@/db/client";
import { staticAccountAttempts, staticAccounts, type StaticAccountState } from "@/db/schema";
import { CLI_ACTOR } from "@/lib/audit/record-audit";
import { isValidNuban } from "@/lib/bank/nuban";
import { randomBase62 } from "@/lib/ids";
import { setStaticAccounts } from "@/lib/merchants/set-static-accounts";
import { makeKey, makeMerchant } from "@/tests/factories";
import { call } from "@/tests/http";
import { suspendStaticAccount } from "./change-static-account-status";
import type { StaticAccountView } from "./static-account-view";

const PATH = "/v1/checkout/static-account";
const FIELDS = [
  "account_name",
  "account_number",
  "bank_code",
  "bank_name",
  "created_at",
  "currency",
  "customer_email",
  "customer_name",
  "customer_phone",
  "deleted_at",
  "disabled_at",
  "id",
  "identity_number_masked",
  "identity_type",
  "inflow_count",
  "last_payment_at",
  "metadata",
  "reference",
  "status",
  "total_received",
  "updated_at",
].sort();

type Page<T> = { items: T[]; total: number; page: number; page_size: number; total_pages: number };
type Key = Awaited<ReturnType<typeof makeKey>>;

/** A business with the static-account product in `state` and a test secret key. */
async function merchantWith(state: StaticAccountState = "enabled") {
  const { merchant } = await makeMerchant();
  await setStaticAccounts(await getDb(), { merchantId: merchant.id, staticAccounts: state, actor: CLI_ACTOR });
  return makeKey({ merchantId: merchant.id, config: { rateLimit: 10_000 } });
}

const ref = () => `cust-${randomBase62(10)}`;
const bvn = (last4 = "5678") => `2221234${last4}`;
const body = (over: Record<string, unknown> = {}) => ({
  customer_name: "Chidinma Okafor",
  identity_type: "bvn",
  identity_number: bvn(),
  reference: ref(),
  ...over,
});

const create = (key: Key, json: unknown) => call<StaticAccountView>(createPost, { method: "POST", path: PATH, key: key.secretKey, json });
async function createOk(key: Key, over: Record<string, unknown> = {}) {
  const r = await create(key, body(over));
  expect(r.status, r.text).toBe(200);
  return r.body.data!;
}
const one = (key: Key, id: string) => call<StaticAccountView>(getOne, { path: `${PATH}/${id}`, key: key.secretKey, params: { id } });
const list = (key: Key, query = "") => call<Page<StaticAccountView>>(listGet, { path: `${PATH}?${query}`, key: key.secretKey });
const act = (key: Key, id: string, action: "disable" | "enable" | "delete") =>
  action === "delete"
    ? call<StaticAccountView>(deleteOne, { method: "DELETE", path: `${PATH}/${id}`, key: key.secretKey, params: { id } })
    : call<StaticAccountView>(action === "disable" ? disablePost : enablePost, {
        method: "POST",
        path: `${PATH}/${id}/${action}`,
        key: key.secretKey,
        params: { id },
      });
const status = (key: Key) => call(statusGet, { path: `${PATH}/status`, key: key.secretKey });

// A fresh business per test: creates count against its hourly limit of 10.
let key: Key;
beforeEach(async () => {
  key = await merchantWith("enabled");
});

describe("GET /v1/checkout/static-account/status (always answers)", () => {
  it("enabled: true with currency, the partner bank's name and the identity types", async () => {
    const r = await status(key);
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({ enabled: true, currency: "NGN", bank_names: ["Providus Bank"], identity_types: ["bvn", "nin", "rc"] });
  });
  it("enabled: false when the product is disabled or suspended (still 200)", async () => {
    for (const state of ["disabled", "suspended"] as const) {
      const r = await status(await merchantWith(state));
      expect(r.status).toBe(200);
      expect(r.body.data).toMatchObject({ enabled: false, currency: "NGN" });
    }
  });
  it("secret key only: a public key is 403 SECRET_KEY_REQUIRED", async () => {
    const r = await call(statusGet, { path: `${PATH}/status`, key: key.publicKey });
    expect(r.status).toBe(403);
    expect(r.body.error!.code).toBe("SECRET_KEY_REQUIRED");
  });
});

describe("product gate: every endpoint except status", () => {
  it("403 STATIC_ACCOUNT_NOT_ENABLED when disabled; 403 STATIC_ACCOUNT_SUSPENDED when suspended", async () => {
    for (const [state, code] of [
      ["disabled", "STATIC_ACCOUNT_NOT_ENABLED"],
      ["suspended", "STATIC_ACCOUNT_SUSPENDED"],
    ] as const) {
      const k = await merchantWith(state);
      const id = "sa_anything";
      const answers = [
        await create(k, body()),
        await list(k),
        await one(k, id),
        await call(paymentsGet, { path: `${PATH}/${id}/payments`, key: k.secretKey, params: { id } }),
        await act(k, id, "disable"),
        await act(k, id, "enable"),
        await act(k, id, "delete"),
      ];
      for (const r of answers) {
        expect(r.status, r.text).toBe(403);
        expect(r.body.error!.code).toBe(code);
      }
    }
  });
  it("a product turned off after accounts were made refuses reads of them too", async () => {
    const k = await merchantWith("enabled");
    const a = await createOk(k);
    await setStaticAccounts(await getDb(), { merchantId: k.merchantId, staticAccounts: "suspended", actor: CLI_ACTOR });
    expect((await one(k, a.id)).body.error!.code).toBe("STATIC_ACCOUNT_SUSPENDED");
    await setStaticAccounts(await getDb(), { merchantId: k.merchantId, staticAccounts: "enabled", actor: CLI_ACTOR });
    expect((await one(k, a.id)).status).toBe(200);
  });
});

describe("POST /v1/checkout/static-account: create", () => {
  it("answers exactly api.md's fields: active, a valid NUBAN at the partner bank, identity masked to the last four", async () => {
    const reference = ref();
    const a = await createOk(key, {
      reference,
      customer_email: "chidinma@example.com",
      customer_phone: "+2348012345678",
      metadata: { customer_id: 42 },
    });
    expect(Object.keys(a).sort()).toEqual(FIELDS);
    expect(a).toMatchObject({
      status: "active",
      currency: "NGN",
      bank_name: "Providus Bank",
      bank_code: "101",
      customer_name: "Chidinma Okafor",
      account_name: "Chidinma Okafor",
      customer_email: "chidinma@example.com",
      customer_phone: "+2348012345678",
      identity_type: "bvn",
      identity_number_masked: "*******5678",
      reference,
      metadata: { customer_id: 42 },
      inflow_count: 0,
      total_received: "0.00",
      last_payment_at: null,
      disabled_at: null,
      deleted_at: null,
    });
    expect(a.id).toMatch(/^sa_/);
    expect(isValidNuban(a.bank_code!, a.account_number)).toBe(true);
  });

  it("never stores or returns the identity number in clear: a keyed hash and the last four", async () => {
    const a = await createOk(key, { identity_number: "22299887766" });
    const r = await one(key, a.id);
    expect(r.text).not.toContain("22299887766");
    const [row] = await (await getDb()).select().from(staticAccounts).where(eq(staticAccounts.id, a.id));
    expect(row!.identityLast4).toBe("7766");
    expect(row!.identityNumberHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain("22299887766");
  });

  it("account_name defaults to customer_name; a given account_name is used", async () => {
    expect((await createOk(key, { customer_name: "Emeka Obi" })).account_name).toBe("Emeka Obi");
    expect((await createOk(key, { customer_name: "Emeka Obi", account_name: "Obi Stores" })).account_name).toBe("Obi Stores");
  });

  it("NIN (11 digits) and CAC numbers (RC/BN + digits) are accepted", async () => {
    expect((await createOk(key, { identity_type: "nin", identity_number: "12345678901" })).identity_number_masked).toBe("*******8901");
    expect((await createOk(key, { identity_type: "rc", identity_number: "RC1234567", customer_name: "Acme Nigeria Ltd" })).identity_type).toBe("rc");
    expect((await createOk(key, { identity_type: "rc", identity_number: "bn 765432", customer_name: "Ada Ventures" })).identity_number_masked).toBe(
      "*******5432",
    );
  });

  it("same reference → the same account (idempotent), whatever else the body says", async () => {
    const reference = ref();
    const first = await createOk(key, { reference });
    const again = await createOk(key, { reference, customer_name: "Someone Else" });
    expect(again.id).toBe(first.id);
    expect(again.account_number).toBe(first.account_number);
    // Another mode or merchant has its own reference namespace.
    const other = await merchantWith("enabled");
    expect((await createOk(other, { reference })).id).not.toBe(first.id);
  });

  it("concurrent creates with one reference make one account", async () => {
    const reference = ref();
    const answers = await Promise.all([1, 2, 3].map(() => create(key, body({ reference }))));
    for (const r of answers) expect(r.status, r.text).toBe(200);
    expect(new Set(answers.map((r) => r.body.data!.id)).size).toBe(1);
  });

  it("the reference of a deleted account is 409 REFERENCE_IN_USE", async () => {
    const reference = ref();
    const a = await createOk(key, { reference });
    expect((await act(key, a.id, "delete")).status).toBe(200);
    const r = await create(key, body({ reference }));
    expect(r.status).toBe(409);
    expect(r.body.error!.code).toBe("REFERENCE_IN_USE");
  });

  it("validation: customer_name 2–200, identity_type, identity_number shape per type, reference required ≤120", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ customer_name: "A" }, "customer_name"],
      [{ customer_name: "x".repeat(201) }, "customer_name"],
      [{ customer_name: undefined }, "customer_name"],
      [{ identity_type: "passport" }, "identity_type"],
      [{ identity_number: "1234567890" }, "identity_number"],
      [{ identity_number: "123456789012" }, "identity_number"],
      [{ identity_type: "nin", identity_number: "RC1234567" }, "identity_number"],
      [{ identity_type: "rc", identity_number: "12345678901" }, "identity_number"],
      [{ identity_type: "rc", identity_number: "XY12345" }, "identity_number"],
      [{ reference: undefined }, "reference"],
      [{ reference: "r".repeat(121) }, "reference"],
      [{ customer_email: "not-an-email" }, "customer_email"],
      [{ metadata: "nope" }, "metadata"],
    ];
    for (const [over, field] of cases) {
      const r = await create(key, body(over));
      expect(r.status, JSON.stringify(over)).toBe(400);
      expect(r.body.error!.code).toBe("HTTP_ERROR");
      expect(r.body.error!.details!.join(" "), JSON.stringify(over)).toContain(field);
    }
    expect((await createOk(key, { customer_name: "Al", reference: "r".repeat(120) })).reference).toBe("r".repeat(120));
  });

  it("identity registry outcomes by last four: 0000 IDENTITY_MISMATCH (400), 9999 IDENTITY_CHECK_UNAVAILABLE (503)", async () => {
    const k = await merchantWith("enabled");
    const mismatch = await create(k, body({ identity_number: bvn("0000") }));
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.error!.code).toBe("IDENTITY_MISMATCH");
    const down = await create(k, body({ identity_number: bvn("9999") }));
    expect(down.status).toBe(503);
    expect(down.body.error!.code).toBe("IDENTITY_CHECK_UNAVAILABLE");
  });

  it("bank outcomes by last four: 1111 STATIC_ACCOUNT_REJECTED (400), 2222 STATIC_ACCOUNT_UNAVAILABLE (503); nothing is stored", async () => {
    const k = await merchantWith("enabled");
    const rejected = await create(k, body({ identity_number: bvn("1111") }));
    expect(rejected.status).toBe(400);
    expect(rejected.body.error!.code).toBe("STATIC_ACCOUNT_REJECTED");
    const unavailable = await create(k, body({ identity_number: "RC9992222", identity_type: "rc" }));
    expect(unavailable.status).toBe(503);
    expect(unavailable.body.error!.code).toBe("STATIC_ACCOUNT_UNAVAILABLE");
    expect((await list(k)).body.data!.total).toBe(0);
  });
});

describe("STATIC_ACCOUNT_RATE_LIMITED (supplement §5, per merchant and mode, last hour)", () => {
  it("more than 10 create attempts → 429; failed attempts count too; another mode is not limited", async () => {
    const k = await merchantWith("enabled");
    for (let i = 0; i < 5; i++) expect((await create(k, body({ identity_number: bvn("1111") }))).status).toBe(400);
    for (let i = 0; i < 5; i++) await createOk(k);
    const r = await create(k, body());
    expect(r.status).toBe(429);
    expect(r.body.error!.code).toBe("STATIC_ACCOUNT_RATE_LIMITED");
    // A replay of a known reference is not a new attempt.
    const [known] = (await list(k)).body.data!.items;
    expect((await create(k, body({ reference: known!.reference }))).status).toBe(200);
    const live = await makeKey({ merchantId: k.merchantId, mode: "live", config: { rateLimit: 10_000 } });
    expect((await create(live, body())).status).toBe(200);
  });

  it("requests in flight together cannot pass the limit: 16 concurrent creates → exactly 10 issued, 6 refused with 429", async () => {
    const k = await merchantWith("enabled");
    const answers = await Promise.all(Array.from({ length: 16 }, () => create(k, body())));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(6);
    expect((await list(k)).body.data!.total).toBe(10);
    const attempts = await (await getDb()).select().from(staticAccountAttempts).where(eq(staticAccountAttempts.merchantId, k.merchantId));
    expect(attempts).toHaveLength(10);
  });

  it("more than 5 identity mismatches → 429: the sixth mismatch is still checked (IDENTITY_MISMATCH), the create after it is refused", async () => {
    const k = await merchantWith("enabled");
    for (let i = 0; i < 5; i++) expect((await create(k, body({ identity_number: bvn("0000") }))).body.error!.code).toBe("IDENTITY_MISMATCH");
    const mismatches = async () =>
      (
        await (
          await getDb()
        )
          .select()
          .from(staticAccountAttempts)
          .where(and(eq(staticAccountAttempts.merchantId, k.merchantId), eq(staticAccountAttempts.kind, "mismatch")))
      ).length;
    expect(await mismatches()).toBe(5);
    // Five mismatches are not "more than 5": the sixth create is checked and answered as such.
    const sixth = await create(k, body({ identity_number: bvn("0000") }));
    expect(sixth.status).toBe(400);
    expect(sixth.body.error!.code).toBe("IDENTITY_MISMATCH");
    expect(await mismatches()).toBe(6);
    // Now there are more than 5: the seventh create is refused whatever its identity.
    for (const identity of [bvn(), bvn("0000")]) {
      const r = await create(k, body({ identity_number: identity }));
      expect(r.status).toBe(429);
      expect(r.body.error!.code).toBe("STATIC_ACCOUNT_RATE_LIMITED");
    }
    expect(await mismatches()).toBe(6);
    // Per merchant and mode: the live mode of the same merchant is not limited.
    const live = await makeKey({ merchantId: k.merchantId, mode: "live", config: { rateLimit: 10_000 } });
    expect((await create(live, body())).status).toBe(200);
  });
});

describe("GET /v1/checkout/static-account: list", () => {
  it("pages newest first, filters by status and searches number, customer name, account name, reference and email", async () => {
    const k = await merchantWith("enabled");
    const tag = randomBase62(6).toLowerCase();
    const a = await createOk(k, { customer_name: `Ngozi ${tag}`, customer_email: `ngozi-${tag}@example.com` });
    const b = await createOk(k, { customer_name: "Tunde Bakare", account_name: `Bakare ${tag} Stores` });
    const c = await createOk(k, { customer_name: "Yemi Ade", reference: `ref-${tag}` });
    await act(k, b.id, "disable");

    const all = await list(k, "page_size=2");
    expect(all.body.data).toMatchObject({ total: 3, page: 1, page_size: 2, total_pages: 2 });
    expect(all.body.data!.items.map((x) => x.id)).toEqual([c.id, b.id]);
    expect((await list(k, "page=2&page_size=2")).body.data!.items.map((x) => x.id)).toEqual([a.id]);
    expect((await list(k, "status=disabled")).body.data!.items.map((x) => x.id)).toEqual([b.id]);
    expect((await list(k, "status=active")).body.data!.total).toBe(2);

    const search = async (q: string) => (await list(k, `search=${encodeURIComponent(q)}`)).body.data!.items.map((x) => x.id).sort();
    expect(await search(a.account_number)).toEqual([a.id]);
    expect(await search(`NGOZI ${tag}`)).toEqual([a.id]);
    expect(await search(`${tag} stores`)).toEqual([b.id]);
    expect(await search(`ref-${tag}`)).toEqual([c.id]);
    expect(await search(`ngozi-${tag}@`)).toEqual([a.id]);
    expect(await search(tag)).toEqual([a.id, b.id, c.id].sort());
    expect(await search("%")).toEqual([]);
  });

  it("invalid paging or status is 400; another merchant's accounts are never listed", async () => {
    for (const q of ["page=0", "page_size=101", "status=open"]) expect((await list(key, q)).status).toBe(400);
    const other = await merchantWith("enabled");
    await createOk(other);
    const mine = await merchantWith("enabled");
    expect((await list(mine)).body.data!.total).toBe(0);
  });
});

describe("GET /v1/checkout/static-account/:id", () => {
  it("answers the account; another merchant's or mode's id (or an unknown one) is 404 NOT_FOUND", async () => {
    const a = await createOk(key);
    expect((await one(key, a.id)).body.data!.id).toBe(a.id);
    const other = await merchantWith("enabled");
    for (const r of [await one(other, a.id), await one(key, "sa_doesnotexist")]) {
      expect(r.status).toBe(404);
      expect(r.body.error!.code).toBe("NOT_FOUND");
    }
    const live = await makeKey({ merchantId: key.merchantId, mode: "live" });
    expect((await one(live, a.id)).status).toBe(404);
  });
});

describe("disable / enable / delete (api.md state machine)", () => {
  it("active → disabled (disabled_at) → active (disabled_at cleared); repeating answers the same state", async () => {
    const a = await createOk(key);
    const d = await act(key, a.id, "disable");
    expect(d.status).toBe(200);
    expect(d.body.data!.status).toBe("disabled");
    expect(d.body.data!.disabled_at).not.toBeNull();
    expect((await act(key, a.id, "disable")).body.data!.status).toBe("disabled");
    const e = await act(key, a.id, "enable");
    expect(e.body.data).toMatchObject({ status: "active", disabled_at: null });
    expect((await act(key, a.id, "enable")).body.data!.status).toBe("active");
  });

  it("suspended (by the service): enable and disable refused 400 ACCOUNT_SUSPENDED; delete allowed", async () => {
    const a = await createOk(key);
    const suspended = await suspendStaticAccount(await getDb(), { id: a.id, actor: CLI_ACTOR });
    expect(suspended.status).toBe("suspended");
    for (const action of ["enable", "disable"] as const) {
      const r = await act(key, a.id, action);
      expect(r.status).toBe(400);
      expect(r.body.error!.code).toBe("ACCOUNT_SUSPENDED");
    }
    const del = await act(key, a.id, "delete");
    expect(del.body.data).toMatchObject({ status: "deleted" });
  });

  it("delete is permanent: deleted_at set, every later change 400 ACCOUNT_DELETED, still readable, the number never reissued", async () => {
    const a = await createOk(key);
    const del = await act(key, a.id, "delete");
    expect(del.status).toBe(200);
    expect(del.body.data!.status).toBe("deleted");
    expect(del.body.data!.deleted_at).not.toBeNull();
    for (const action of ["enable", "disable", "delete"] as const) {
      const r = await act(key, a.id, action);
      expect(r.status).toBe(400);
      expect(r.body.error!.code).toBe("ACCOUNT_DELETED");
    }
    await expect(suspendStaticAccount(await getDb(), { id: a.id, actor: CLI_ACTOR })).rejects.toMatchObject({ code: "ACCOUNT_DELETED" });
    expect((await one(key, a.id)).body.data!.status).toBe("deleted");
    // The row keeps its number, and (mode, account_number) is unique: no new account can take it.
    const [row] = await (await getDb()).select().from(staticAccounts).where(eq(staticAccounts.accountNumber, a.account_number));
    expect(row!.id).toBe(a.id);
  });

  it("another merchant cannot change an account (404)", async () => {
    const a = await createOk(key);
    const other = await merchantWith("enabled");
    expect((await act(other, a.id, "disable")).status).toBe(404);
    expect((await one(key, a.id)).body.data!.status).toBe("active");
  });
});
