import { NextRequest, type NextFetchEvent } from "next/server";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { GET as banksGet } from "@/app/v1/checkout/transfer/banks/route";
import { getDb } from "@/db/client";
import { getWalletPayId } from "@/lib/payids/find-pay-id";
import { createStaticPayId } from "@/lib/payids/static-payids";
import { makeKey, makeMerchant } from "@/tests/factories";
import { call } from "@/tests/http";
import { createInvoiceOk, inDays } from "@/tests/invoices";
import { newSession } from "@/tests/sessions";
import { proxy } from "@/proxy";
import { framingSources } from "./security-headers";

/*
 * Issue 14, headers: the proxy (proxy.ts) gives the app's pages (dashboard, admin, sign-in,
 * sign-up, invitations, docs) a strict nonce CSP that nobody may frame; hosted payment pages
 * (/pay, /p, /i) a frame-ancestors that follows their key's allowed domains (any https origin
 * without them; http too in test mode); HSTS only on https. /v1 answers carry nosniff.
 * (nosniff and the referrer policy on pages come from next.config.ts: see the e2e spec.)
 */
const APP = "http://127.0.0.1:3000";
const ev = {} as NextFetchEvent;
const get = (path: string) => proxy(new NextRequest(new URL(path, APP), { headers: { host: "127.0.0.1:3000" } }), ev);
const cspOf = async (path: string) => (await get(path))!.headers.get("content-security-policy") ?? "";
const directive = (csp: string, name: string) =>
  csp
    .split(";")
    .map((d) => d.trim())
    .find((d) => d.startsWith(`${name} `)) ?? null;

afterEach(() => vi.unstubAllEnvs());
beforeAll(() => vi.stubEnv("AUTH_SECRET", "test-secret-test-secret-test-secret-0123"));

describe("the app's own pages: strict CSP, never framed", () => {
  const PAGES = ["/dashboard", "/dashboard/developers", "/admin", "/admin/merchants/x", "/sign-in", "/sign-up", "/invite/tok", "/docs", "/"];

  it.each(PAGES)("%s: script-src 'self' + a fresh nonce (no unsafe-eval/unsafe-inline), frame-ancestors 'none', object-src 'none'", async (path) => {
    vi.stubEnv("AUTH_SECRET", "test-secret-test-secret-test-secret-0123");
    const a = await get(path);
    const b = await get(path);
    const csp = a!.headers.get("content-security-policy")!;
    expect(directive(csp, "frame-ancestors")).toBe("frame-ancestors 'none'");
    expect(directive(csp, "object-src")).toBe("object-src 'none'");
    expect(directive(csp, "base-uri")).toBe("base-uri 'self'");
    const script = directive(csp, "script-src")!;
    expect(script).toMatch(/^script-src 'self' 'nonce-[A-Za-z0-9+/=]{24}'$/);
    expect(csp).not.toMatch(/unsafe-eval/);
    // A new nonce per response.
    expect(directive(b!.headers.get("content-security-policy")!, "script-src")).not.toBe(script);
  });

  it("a signed-out /dashboard (redirected to sign in) and /admin carry the policy on the redirect too", async () => {
    for (const path of ["/dashboard/payments", "/admin"]) {
      const res = await get(path);
      expect(res!.status).toBe(307);
      expect(directive(res!.headers.get("content-security-policy")!, "frame-ancestors")).toBe("frame-ancestors 'none'");
    }
  });

  it("the page's request carries the policy to Next (it reads the nonce from it for its scripts)", async () => {
    const res = await get("/sign-in");
    const csp = res!.headers.get("content-security-policy")!;
    expect(res!.headers.get("x-middleware-request-content-security-policy")).toBe(csp);
  });

  it("HSTS (two years, subdomains) only when APP_URL/AUTH_URL is https; then also upgrade-insecure-requests", async () => {
    vi.stubEnv("APP_URL", "http://localhost:3000");
    vi.stubEnv("AUTH_URL", "http://localhost:3000");
    let res = await get("/sign-in");
    expect(res!.headers.get("strict-transport-security")).toBeNull();
    expect(res!.headers.get("content-security-policy")).not.toMatch(/upgrade-insecure-requests/);
    vi.stubEnv("APP_URL", "https://pay.example.com");
    vi.stubEnv("AUTH_URL", "https://pay.example.com");
    res = await get("/sign-in");
    expect(res!.headers.get("strict-transport-security")).toBe("max-age=63072000; includeSubDomains");
    expect(res!.headers.get("content-security-policy")).toMatch(/upgrade-insecure-requests/);
    res = await get("/dashboard");
    expect(res!.headers.get("strict-transport-security")).toBe("max-age=63072000; includeSubDomains");
  });
});

describe("hosted payment pages: framed by the key's allowed domains, else any https (and http in test mode)", () => {
  it("framingSources: domains become origins (any port unless given); wildcards kept; none → schemes; unknown → 'none'", () => {
    expect(framingSources({ mode: "live", allowedDomains: ["shop.example.com", "*.acme.ng", "localhost:3000"] })).toBe(
      "https://shop.example.com:* https://*.acme.ng:* https://localhost:3000",
    );
    expect(framingSources({ mode: "test", allowedDomains: ["shop.example.com"] })).toBe("https://shop.example.com:* http://shop.example.com:*");
    expect(framingSources({ mode: "live", allowedDomains: [] })).toBe("https:");
    expect(framingSources({ mode: "test", allowedDomains: [] })).toBe("https: http:");
    expect(framingSources(null)).toBe("'none'");
  });

  it("/pay/:session: live key with domains, live key without, test key with, test key without", async () => {
    const m = await makeMerchant();
    const cases = [
      { mode: "live" as const, domains: ["shop.example.com"], want: "frame-ancestors https://shop.example.com:*" },
      { mode: "live" as const, domains: [], want: "frame-ancestors https:" },
      { mode: "test" as const, domains: ["localhost:5173"], want: "frame-ancestors https://localhost:5173 http://localhost:5173" },
      { mode: "test" as const, domains: [], want: "frame-ancestors https: http:" },
    ];
    for (const c of cases) {
      const key = await makeKey({ merchantId: m.merchant.id, mode: c.mode, config: { allowedDomains: c.domains } });
      const session = await newSession(key.secretKey);
      const csp = await cspOf(`/pay/${session.session_id}`);
      expect(directive(csp, "frame-ancestors"), JSON.stringify(c)).toBe(c.want);
      // Embeddable, yet as strict as every page about scripts (payment details live here).
      expect(directive(csp, "script-src")).toMatch(/^script-src 'self' 'nonce-[A-Za-z0-9+/=]{24}'$/);
    }
    expect(directive(await cspOf("/pay/00000000-0000-7000-8000-000000000000"), "frame-ancestors")).toBe("frame-ancestors 'none'");
  });

  it("/i/:publicId follows the invoice's key; /p/:payId a static PayID's key, a wallet PayID any https/http by mode", async () => {
    const m = await makeMerchant();
    const key = await makeKey({ merchantId: m.merchant.id, mode: "test", config: { allowedDomains: ["*.shop.ng"], rateLimit: 10_000 } });
    const invoice = await createInvoiceOk(key, {
      customer_name: "Ada Obi",
      customer_email: "ada@example.com",
      line_items: [{ description: "Chair", quantity: 1, unit_price: 100_000 }],
      due_date: inDays(7),
    });
    expect(directive(await cspOf(`/i/${invoice.public_id}`), "frame-ancestors")).toBe("frame-ancestors https://*.shop.ng:* http://*.shop.ng:*");

    const db = await getDb();
    const wallet = (await getWalletPayId(db, { merchantId: m.merchant.id, mode: "live" }))!;
    expect(directive(await cspOf(`/p/${wallet.payId}`), "frame-ancestors")).toBe("frame-ancestors https:");
    expect(directive(await cspOf(`/p/${wallet.payId}?mode=test`), "frame-ancestors")).toBe("frame-ancestors https: http:");

    const liveKey = await makeKey({ merchantId: m.merchant.id, mode: "live", config: { allowedDomains: ["pay.acme.ng"] } });
    const handle = `sh${Math.random().toString(36).slice(2, 10)}`;
    await createStaticPayId(db, {
      merchantId: m.merchant.id,
      mode: "live",
      merchantType: "business",
      keyPairId: liveKey.keyPair.id,
      settlementPayIdId: wallet.id,
      source: "api",
      body: { pay_id: handle, suffix: ".spid", name: "Shop counter", description: null },
    });
    expect(directive(await cspOf(`/p/@${handle}.spid`), "frame-ancestors")).toBe("frame-ancestors https://pay.acme.ng:*");
  });
});

describe("/v1 answers", () => {
  it("carry X-Content-Type-Options: nosniff (success and failure)", async () => {
    const key = await makeKey();
    expect((await call(banksGet, { path: "/v1/checkout/transfer/banks", key: key.secretKey })).headers.get("x-content-type-options")).toBe("nosniff");
    expect((await call(banksGet, { path: "/v1/checkout/transfer/banks", key: "sk_test_nope" })).headers.get("x-content-type-options")).toBe("nosniff");
  });
});
