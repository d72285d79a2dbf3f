import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { BUNDLE_FILE, buildInline } from "@/client/inline/build";

// GET /v1/inline.js serves app/v1/inline.js/inline-bundle.ts: it must be the build of the current source.
describe("the committed inline.js bundle", () => {
  it("is client/inline/*.ts built (run `npx tsx client/inline/build.ts` after changing the script)", async () => {
    const { moduleText, js } = await buildInline();
    expect(readFileSync(BUNDLE_FILE, "utf8")).toBe(moduleText);
    expect(js).toContain("ZevPayCheckout");
    expect(js.length).toBeLessThan(20_000);
  });
});
