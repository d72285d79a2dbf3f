import { afterEach, describe, expect, it } from "vitest";
import { clientIp, PEER_HEADER } from "./client-ip";

// Issue 14: the client address comes from the TCP peer (the header scripts/serve.ts overwrites),
// or, behind TRUST_PROXY_HOPS=N proxies, the Nth X-Forwarded-For entry from the right.
const req = (headers: Record<string, string>) => new Request("http://localhost/v1/x", { headers });
const previous = process.env.TRUST_PROXY_HOPS;
afterEach(() => {
  if (previous === undefined) delete process.env.TRUST_PROXY_HOPS;
  else process.env.TRUST_PROXY_HOPS = previous;
});

describe("clientIp", () => {
  it("by default is the peer address; X-Forwarded-For and X-Real-IP are ignored", () => {
    delete process.env.TRUST_PROXY_HOPS;
    expect(clientIp(req({ [PEER_HEADER]: "192.0.2.10", "x-forwarded-for": "203.0.113.1", "x-real-ip": "203.0.113.2" }))).toBe("192.0.2.10");
  });

  it("writes an IPv4-mapped peer in plain IPv4 and keeps IPv6 peers", () => {
    expect(clientIp(req({ [PEER_HEADER]: "::ffff:127.0.0.1" }))).toBe("127.0.0.1");
    expect(clientIp(req({ [PEER_HEADER]: "2001:db8::5" }))).toBe("2001:db8::5");
  });

  it("is 'unknown' when no server said who the peer is (never the client's own headers)", () => {
    delete process.env.TRUST_PROXY_HOPS;
    expect(clientIp(req({ "x-forwarded-for": "203.0.113.1" }))).toBe("unknown");
  });

  it("TRUST_PROXY_HOPS=1 takes the rightmost X-Forwarded-For entry, 2 the second from the right", () => {
    const headers = { [PEER_HEADER]: "10.0.0.5", "x-forwarded-for": "1.1.1.1, 203.0.113.7 ,198.51.100.9" };
    process.env.TRUST_PROXY_HOPS = "1";
    expect(clientIp(req(headers))).toBe("198.51.100.9");
    process.env.TRUST_PROXY_HOPS = "2";
    expect(clientIp(req(headers))).toBe("203.0.113.7");
  });

  it("falls back to the peer when X-Forwarded-For has fewer entries than the hops (or none)", () => {
    process.env.TRUST_PROXY_HOPS = "3";
    expect(clientIp(req({ [PEER_HEADER]: "10.0.0.5", "x-forwarded-for": "203.0.113.7, 198.51.100.9" }))).toBe("10.0.0.5");
    process.env.TRUST_PROXY_HOPS = "1";
    expect(clientIp(req({ [PEER_HEADER]: "10.0.0.5" }))).toBe("10.0.0.5");
  });

  it("ignores a TRUST_PROXY_HOPS that is not a positive integer", () => {
    for (const v of ["0", "-1", "1.5", "yes"]) {
      process.env.TRUST_PROXY_HOPS = v;
      expect(clientIp(req({ [PEER_HEADER]: "10.0.0.5", "x-forwarded-for": "203.0.113.7" }))).toBe("10.0.0.5");
    }
  });
});
