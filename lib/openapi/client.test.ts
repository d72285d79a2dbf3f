import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { CLIENT_FILE, generateClient } from "@/client/generate";
import { openApiDocument } from "./document";

describe("typed client (client/owo-client.ts)", () => {
  it("the committed client is the one the current OpenAPI document generates (run `npm run client:generate`)", () => {
    expect(readFileSync(CLIENT_FILE, "utf8") === generateClient(openApiDocument()), "client/owo-client.ts is stale: run `npm run client:generate`").toBe(true);
  });

  it("has one method per documented operation, named by its operationId", async () => {
    const { createOwoClient } = await import("@/client/owo-client");
    const client = createOwoClient({ baseUrl: "http://localhost", apiKey: "sk_test_x" });
    const ids = Object.values(openApiDocument().paths).flatMap((item) => Object.values(item).map((op) => op.operationId));
    expect(Object.keys(client).sort()).toEqual(ids.sort());
  });
});
