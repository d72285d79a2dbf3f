import { describe, expect, it } from "vitest";
import { mailLinkBase } from "./public-url";

// Issue 14 (found in review): forgot-password and the sign-up notice mail a link; its host must
// never be the one a stranger wrote in Host / X-Forwarded-Host (password-reset poisoning).
describe("mailLinkBase: where emailed links may point", () => {
  const forged = "https://attacker.example";

  it("a real deployment (DATABASE_URL) uses APP_URL, whatever host the request named", () => {
    expect(mailLinkBase(forged, { DATABASE_URL: "postgres://db/owo", APP_URL: "https://pay.shop.ng/" })).toBe("https://pay.shop.ng");
  });

  it("a real deployment without APP_URL has no base for emailed links (never the request's host)", () => {
    expect(mailLinkBase(forged, { DATABASE_URL: "postgres://db/owo" })).toBeNull();
  });

  it("the embedded trial falls back to the request's own address when APP_URL is unset", () => {
    expect(mailLinkBase("http://localhost:3000", {})).toBe("http://localhost:3000");
    expect(mailLinkBase("http://localhost:3000", { APP_URL: "http://127.0.0.1:3000" })).toBe("http://127.0.0.1:3000");
  });
});
