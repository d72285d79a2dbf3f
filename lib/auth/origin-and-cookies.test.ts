import { NextRequest, type NextFetchEvent } from "next/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { makeMerchant } from "@/tests/factories";
import { FOREIGN_ORIGIN_MESSAGE, isSameOriginRequest, proxy } from "@/proxy";
import { appUsesHttps } from "@/lib/security/app-https";

const APP = "http://127.0.0.1:3000";
const ev = {} as NextFetchEvent;

function req(path: string, init: { method?: string; headers?: Record<string, string> } = {}) {
  return new NextRequest(new URL(path, APP), { method: init.method ?? "POST", headers: { host: "127.0.0.1:3000", ...init.headers } });
}

/** The proxy let the request through to the page or route (NextResponse.next, with its security headers). */
function passed(res: Response | undefined) {
  expect(res?.headers.get("x-middleware-next")).toBe("1");
}

async function refused(res: Response | undefined) {
  expect(res?.status).toBe(403);
  expect(await res!.json()).toEqual({ error: { code: "FORBIDDEN", message: FOREIGN_ORIGIN_MESSAGE } });
}

describe("proxy: state-changing requests must come from this site's origin", () => {
  beforeEach(() => vi.stubEnv("AUTH_SECRET", "test-secret-test-secret-test-secret-0123"));
  afterEach(() => vi.unstubAllEnvs());

  it("a same-origin server action POST passes (sign-in page, dashboard, hosted /pay, /p and /i pages, /invite)", async () => {
    for (const path of ["/sign-in", "/pay/abc123", "/p/some-handle", "/i/inv_123", "/invite/tok"]) {
      passed(await proxy(req(path, { headers: { origin: APP, "next-action": "x", "sec-fetch-site": "same-origin" } }), ev));
    }
    // A signed-out POST to the dashboard gets past the origin rule to the sign-in gate (a redirect, not a 403).
    const dash = await proxy(req("/dashboard/payments", { headers: { origin: APP, "next-action": "x" } }), ev);
    expect(dash?.status).toBe(307);
    expect(dash?.headers.get("location")).toMatch(/\/sign-in\?callbackUrl=/);
  });

  it("a POST from another site is refused with 403 and a JSON reason", async () => {
    await refused(
      await proxy(req("/dashboard/developers", { headers: { origin: "https://evil.example", "next-action": "x", "sec-fetch-site": "cross-site" } }), ev),
    );
    await refused(await proxy(req("/pay/abc123", { headers: { origin: "https://evil.example" } }), ev));
    // Same host, other port or scheme: another origin.
    await refused(await proxy(req("/sign-in", { headers: { origin: "http://127.0.0.1:4000" } }), ev));
    await refused(await proxy(req("/sign-in", { headers: { origin: "https://127.0.0.1:3000" } }), ev));
  });

  it("Origin: null (sandboxed iframe, opaque origin) is refused", async () => {
    await refused(await proxy(req("/dashboard/transfers", { headers: { origin: "null", "next-action": "x" } }), ev));
    await refused(await proxy(req("/sign-in", { headers: { origin: "null", "sec-fetch-site": "cross-site" } }), ev));
  });

  it("every state-changing method is checked (PUT, PATCH, DELETE), safe methods are not", async () => {
    for (const method of ["PUT", "PATCH", "DELETE"])
      await refused(await proxy(req("/api/auth/signout", { method, headers: { origin: "https://evil.example" } }), ev));
    for (const method of ["GET", "HEAD", "OPTIONS"]) passed(await proxy(req("/sign-in", { method, headers: { origin: "https://evil.example" } }), ev));
  });

  it("a state-changing route handler (Auth.js's /api/auth/*) is covered too", async () => {
    await refused(await proxy(req("/api/auth/callback/credentials", { headers: { origin: "https://evil.example" } }), ev));
    passed(await proxy(req("/api/auth/callback/credentials", { headers: { origin: APP } }), ev));
  });

  it("no Origin: refused when the browser says cross-site or same-site, allowed for same-origin or a non-browser client (no Sec-Fetch-Site)", async () => {
    await refused(await proxy(req("/sign-in", { headers: { "sec-fetch-site": "cross-site" } }), ev));
    await refused(await proxy(req("/sign-in", { headers: { "sec-fetch-site": "same-site" } }), ev));
    passed(await proxy(req("/sign-in", { headers: { "sec-fetch-site": "same-origin" } }), ev));
    passed(await proxy(req("/sign-in"), ev));
  });

  it("/v1 (public API, key-based) and /api/cron (bearer) are untouched, whatever the Origin", async () => {
    for (const path of ["/v1/checkout/session/initialize", "/v1/checkout/transfer", "/v1", "/api/cron"]) {
      expect(await proxy(req(path, { headers: { origin: "https://shop.example" } }), ev)).toBeUndefined();
      expect(await proxy(req(path, { headers: { origin: "null" } }), ev)).toBeUndefined();
    }
  });

  it("behind a proxy: the forwarded host and scheme, or APP_URL's origin, count as this site", () => {
    const behind = new Request("http://10.0.0.5:3000/sign-in", {
      method: "POST",
      headers: { host: "10.0.0.5:3000", "x-forwarded-host": "pay.example.com", "x-forwarded-proto": "https", origin: "https://pay.example.com" },
    });
    expect(isSameOriginRequest(behind, {})).toBe(true);
    const noForwarding = new Request("http://10.0.0.5:3000/sign-in", { method: "POST", headers: { host: "10.0.0.5:3000", origin: "https://pay.example.com" } });
    expect(isSameOriginRequest(noForwarding, {})).toBe(false);
    expect(isSameOriginRequest(noForwarding, { APP_URL: "https://pay.example.com/" })).toBe(true);
    expect(isSameOriginRequest(noForwarding, { APP_URL: "https://other.example.com" })).toBe(false);
  });
});

describe("session cookies: secure prefixes and flags", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  it("https when AUTH_URL or APP_URL says so; local http stays plain", () => {
    expect(appUsesHttps({ APP_URL: "https://pay.example.com" })).toBe(true);
    expect(appUsesHttps({ AUTH_URL: "https://pay.example.com", APP_URL: "http://x" })).toBe(true);
    expect(appUsesHttps({ APP_URL: "http://localhost:3000" })).toBe(false);
    expect(appUsesHttps({})).toBeUndefined();
  });

  /** A real credentials sign-in through Auth.js's own endpoints (csrf, then callback). */
  async function signInCookies(appUrl: string) {
    vi.stubEnv("AUTH_URL", appUrl);
    vi.stubEnv("APP_URL", appUrl);
    vi.stubEnv("AUTH_SECRET", "test-secret-test-secret-test-secret-0123");
    vi.resetModules();
    const { handlers } = await import("./auth");
    const { owner } = await makeMerchant();
    const csrf = await handlers.GET(new NextRequest(`${appUrl}/api/auth/csrf`));
    const csrfCookies = csrf.headers.getSetCookie();
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    const cookie = csrfCookies.map((c) => c.split(";")[0]).join("; ");
    const res = await handlers.POST(
      new NextRequest(`${appUrl}/api/auth/callback/credentials`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", cookie, "x-owo-peer-address": `203.0.113.${Math.floor(Math.random() * 250)}` },
        body: new URLSearchParams({ csrfToken, email: owner.email, password: "correct horse battery", callbackUrl: `${appUrl}/dashboard` }),
      }),
    );
    return { csrfCookies, set: res.headers.getSetCookie() };
  }

  it("on https the session cookie is __Secure-authjs.session-token: Secure, HttpOnly, SameSite=Lax, Path=/ (and the CSRF cookie __Host-)", async () => {
    const { csrfCookies, set } = await signInCookies("https://pay.example.com");
    expect(csrfCookies.some((c) => c.startsWith("__Host-authjs.csrf-token=") && /;\s*Secure/i.test(c))).toBe(true);
    const session = set.find((c) => c.startsWith("__Secure-authjs.session-token="));
    expect(session, set.join("\n")).toBeDefined();
    expect(session).toMatch(/;\s*Secure/i);
    expect(session).toMatch(/;\s*HttpOnly/i);
    expect(session).toMatch(/;\s*SameSite=Lax/i);
    expect(session).toMatch(/;\s*Path=\//i);
  });

  it("on local http (npm start on localhost) the session cookie has no prefix and no Secure flag, still HttpOnly and SameSite=Lax", async () => {
    const { set } = await signInCookies("http://localhost:3000");
    const session = set.find((c) => c.startsWith("authjs.session-token="));
    expect(session, set.join("\n")).toBeDefined();
    expect(session).not.toMatch(/;\s*Secure/i);
    expect(session).toMatch(/;\s*HttpOnly/i);
    expect(session).toMatch(/;\s*SameSite=Lax/i);
  });
});
