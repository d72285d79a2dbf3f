import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { captureLogs, logError, logInfo } from "./log";

let capture: ReturnType<typeof captureLogs> | null = null;
afterEach(() => {
  capture?.stop();
  capture = null;
});

describe("log redaction (issue 14: keys, secrets, passwords, tokens and query parameters never reach a log line)", () => {
  it("secret fields and credential headers are redacted at the top level and nested", () => {
    capture = captureLogs("info");
    logInfo("request", {
      password: "hunter2-password",
      secret_key: "sk_test_LEAKEDKEY1",
      headers: { authorization: "Bearer LEAKEDTOKEN2", "x-api-key": "sk_live_LEAKEDKEY3", cookie: "authjs.session-token=LEAKEDCOOKIE4" },
      key: { webhookSecret: "whsec_LEAKED5", token: "LEAKEDTOKEN6" },
      user: { email: "ada@example.com", newPassword: "LEAKEDPASSWORD7" },
    });
    const line = capture.raw.join("\n");
    for (const leaked of [
      "hunter2-password",
      "LEAKEDKEY1",
      "LEAKEDTOKEN2",
      "LEAKEDKEY3",
      "LEAKEDCOOKIE4",
      "whsec_LEAKED5",
      "LEAKEDTOKEN6",
      "LEAKEDPASSWORD7",
    ]) {
      expect(line).not.toContain(leaked);
    }
    const entry = capture.lines[0]! as { headers: Record<string, string>; user: Record<string, string>; password: string };
    expect(entry.password).toBe("[redacted]");
    expect(entry.headers.authorization).toBe("[redacted]");
    expect(entry.headers["x-api-key"]).toBe("[redacted]");
    expect(entry.user.email).toBe("ada@example.com"); // what is not secret stays readable
  });

  it.skipIf(!process.env.DATABASE_URL)("a failed query's bound parameters are not logged, the query and the cause still are", async () => {
    const db = await getDb();
    const marker = "sk_test_BOUNDPARAMSECRET";
    const failure = await db.execute(sql`select ${marker}::text as v from owo_no_such_table`).then(
      () => null,
      (err: unknown) => err,
    );
    // The error really carries the parameter (in `params` and in its message): the check below is not vacuous.
    expect(failure).toBeInstanceOf(Error);
    expect(JSON.stringify((failure as { params?: unknown }).params)).toContain(marker);
    expect((failure as Error).message).toContain(marker);

    capture = captureLogs("error");
    logError("query failed", { error: failure });
    const line = capture.raw.join("\n");
    expect(line).not.toContain(marker);
    const logged = capture.lines[0]!.error as { message: string; params?: unknown };
    expect(logged.message).toContain("owo_no_such_table");
    expect(logged.message).toContain("params: [redacted]");
    expect(logged.params).toBe("[redacted]");
  });
});
