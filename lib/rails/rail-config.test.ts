import { describe, expect, it } from "vitest";
import { RailConfigError, readRailsConfig } from "./rail-config";

const MONNIFY = { MONNIFY_API_KEY: "k", MONNIFY_SECRET_KEY: "s", MONNIFY_CONTRACT_CODE: "c", MONNIFY_SOURCE_ACCOUNT: "a" };

describe("OWO_RAILS (supplement §11)", () => {
  it("unset: sandbox on the embedded trial, no rail with DATABASE_URL", () => {
    expect(readRailsConfig({}).live).toEqual(["sandbox"]);
    expect(readRailsConfig({ DATABASE_URL: "postgres://x/y" }).live).toEqual([]);
  });

  it("keeps the order of preference and the base URL given (a simulator)", () => {
    const c = readRailsConfig({ OWO_RAILS: "monnify, sandbox", ...MONNIFY, MONNIFY_BASE_URL: "http://127.0.0.1:4010/" });
    expect(c.live).toEqual(["monnify", "sandbox"]);
    expect(c.monnify?.baseUrl).toBe("http://127.0.0.1:4010");
    expect(readRailsConfig({ OWO_RAILS: "monnify", ...MONNIFY }).monnify?.baseUrl).toBe("https://api.monnify.com");
  });

  it("an unknown name is refused, naming it", () => {
    expect(() => readRailsConfig({ OWO_RAILS: "stripe" })).toThrow(RailConfigError);
    expect(() => readRailsConfig({ OWO_RAILS: "stripe" })).toThrow(/stripe/);
  });

  it("a named rail missing a credential is refused, naming the variable", () => {
    const { MONNIFY_CONTRACT_CODE: _drop, ...partial } = MONNIFY;
    expect(() => readRailsConfig({ OWO_RAILS: "monnify", ...partial })).toThrow(/MONNIFY_CONTRACT_CODE/);
  });
});
