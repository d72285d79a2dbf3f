import { describe, expect, it } from "vitest";
import { ownPath } from "./own-path";

describe("Auth.js's redirects to our own address go as paths (issue 26: sign-in at 127.0.0.1 looped back to sign-in)", () => {
  const env = { APP_URL: "http://localhost:3000", AUTH_URL: "http://localhost:3000" };

  it("a redirect to the configured address keeps only its path and query: the browser stays where it is", () => {
    expect(ownPath("http://localhost:3000/sign-in?callbackUrl=http%3A%2F%2Flocalhost%3A3000%2Fdashboard", env)).toBe(
      "/sign-in?callbackUrl=http%3A%2F%2Flocalhost%3A3000%2Fdashboard",
    );
    expect(ownPath("http://localhost:3000/dashboard", env)).toBe("/dashboard");
    expect(ownPath("https://pay.example.com/dashboard#x", { APP_URL: "https://pay.example.com/" })).toBe("/dashboard#x");
  });

  it("a redirect elsewhere, or an address nobody configured, is left as it is", () => {
    expect(ownPath("https://evil.example/dashboard", env)).toBe("https://evil.example/dashboard");
    expect(ownPath("http://localhost:4000/dashboard", env)).toBe("http://localhost:4000/dashboard");
    expect(ownPath("http://localhost:3000/dashboard", {})).toBe("http://localhost:3000/dashboard");
    expect(ownPath("/already/relative", env)).toBe("/already/relative");
  });
});
