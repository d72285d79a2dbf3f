import { afterEach, describe, expect, it } from "vitest";
import { hashIdentityNumber } from "./identity-number";

/**
 * Issue 14 item 8: the identity-number hash is keyed by OWO_IDENTITY_SECRET alone. A BVN is 11
 * digits, so a hash under a constant (or a key anyone can read) could be reversed by trying them all.
 */
const saved = { identity: process.env.OWO_IDENTITY_SECRET, auth: process.env.AUTH_SECRET };
const restore = (name: string, value: string | undefined) => (value === undefined ? delete process.env[name] : (process.env[name] = value));
afterEach(() => {
  restore("OWO_IDENTITY_SECRET", saved.identity);
  restore("AUTH_SECRET", saved.auth);
});

describe("hashIdentityNumber", () => {
  it("throws an error naming OWO_IDENTITY_SECRET when it is not set, even with AUTH_SECRET set (no fallback)", () => {
    process.env.AUTH_SECRET = "an-auth-secret-that-must-not-be-used";
    delete process.env.OWO_IDENTITY_SECRET;
    expect(() => hashIdentityNumber("bvn", "22212345678")).toThrow(/OWO_IDENTITY_SECRET is not set/);
    process.env.OWO_IDENTITY_SECRET = "   ";
    expect(() => hashIdentityNumber("bvn", "22212345678")).toThrow(/OWO_IDENTITY_SECRET is not set/);
  });

  it("depends on OWO_IDENTITY_SECRET: the same number hashes differently under another secret, the same under the same one", () => {
    process.env.OWO_IDENTITY_SECRET = "first-identity-secret";
    const a = hashIdentityNumber("bvn", "22212345678");
    expect(hashIdentityNumber("bvn", "22212345678")).toBe(a);
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    process.env.OWO_IDENTITY_SECRET = "second-identity-secret";
    expect(hashIdentityNumber("bvn", "22212345678")).not.toBe(a);
  });
});
