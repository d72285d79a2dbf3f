import { describe, expect, it } from "vitest";
import { embedParent } from "./embed-parent";

// Supplement §7 inline checkout: the hosted page posts to its parent only when that origin may frame it.
describe("embedParent: which parent origin an embedded hosted checkout talks to", () => {
  const test = { mode: "test" as const, allowedDomains: [] as string[] };
  const live = { mode: "live" as const, allowedDomains: [] as string[] };

  it("a key without allowed domains: any https origin, and http in test mode only", () => {
    expect(embedParent("https://shop.example.com", live)).toBe("https://shop.example.com");
    expect(embedParent("http://localhost:8080", test)).toBe("http://localhost:8080");
    expect(embedParent("http://shop.example.com", live)).toBeNull();
  });

  it("a key with allowed domains: only those (host on any port unless the entry names one)", () => {
    const key = { mode: "test" as const, allowedDomains: ["shop.example.com", "localhost:4000"] };
    expect(embedParent("https://shop.example.com:8443", key)).toBe("https://shop.example.com:8443");
    expect(embedParent("http://localhost:4000", key)).toBe("http://localhost:4000");
    expect(embedParent("http://localhost:4001", key)).toBeNull();
    expect(embedParent("https://evil.example.net", key)).toBeNull();
  });

  it("refuses what is not a bare origin, a missing page, or no parent at all", () => {
    expect(embedParent("https://shop.example.com/path", test)).toBeNull();
    expect(embedParent("javascript:alert(1)", test)).toBeNull();
    expect(embedParent("null", test)).toBeNull();
    expect(embedParent("https://shop.example.com", null)).toBeNull();
    expect(embedParent(null, test)).toBeNull();
  });
});
