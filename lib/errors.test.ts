import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ERROR_CATALOGUE } from "./error-catalogue";
import { AppError, allowedStatuses, appError, ERROR_CODES, httpError, invalidState, isAppError } from "./errors";

describe("isAppError", () => {
  it("recognises an AppError made by another copy of this module (bundler chunks), by its process-wide brand", () => {
    const fromOtherCopy = Object.assign(new Error("Account not found."), { [Symbol.for("owo.AppError")]: true, code: "ACCOUNT_NOT_FOUND", status: 400 });
    expect(isAppError(fromOtherCopy)).toBe(true);
    expect(isAppError(appError("NOT_FOUND"))).toBe(true);
    expect(isAppError(new Error("boom"))).toBe(false);
    expect(isAppError("nope")).toBe(false);
  });
});

describe("the error catalogue (lib/error-catalogue.ts)", () => {
  it("ERROR_CODES is the catalogue's codes, in its order (the OpenAPI ErrorCode enum's order)", () => {
    expect(ERROR_CODES).toEqual(Object.keys(ERROR_CATALOGUE));
    expect(ERROR_CODES[0]).toBe("HTTP_ERROR");
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
  });

  it("each code's default status is among its allowed statuses, and only HTTP_ERROR, WALLET_NOT_LINKED and FORBIDDEN have more than one", () => {
    const several: string[] = [];
    for (const code of ERROR_CODES) {
      expect(allowedStatuses(code), code).toContain(ERROR_CATALOGUE[code].status);
      if (allowedStatuses(code).length > 1) several.push(code);
    }
    expect(several.sort()).toEqual(["FORBIDDEN", "HTTP_ERROR", "WALLET_NOT_LINKED"]);
  });

  it("INVALID_STATE has one status, the spec's 400 (supplement §2)", () => {
    expect(allowedStatuses("INVALID_STATE")).toEqual([400]);
    expect(invalidState("Invoice is paid.")).toMatchObject({ code: "INVALID_STATE", status: 400, message: "Invoice is paid." });
  });
});

describe("appError", () => {
  it("takes the status and the default message from the catalogue", () => {
    const e = appError("TRANSFER_NOT_FOUND");
    expect(e).toBeInstanceOf(AppError);
    expect({ code: e.code, status: e.status, message: e.message }).toEqual({ code: "TRANSFER_NOT_FOUND", status: 400, message: "Transfer not found." });
    expect(appError("INTERNAL_ERROR").message).toBe("An unexpected error occurred. Please try again later.");
  });

  it("keeps the caller's message, details, headers and an allowed second status", () => {
    const e = appError("WALLET_NOT_LINKED", { status: 400, message: "No live wallet.", details: ["d"], headers: { "retry-after": "1" } });
    expect({ status: e.status, message: e.message, details: e.details, headers: e.headers }).toEqual({
      status: 400,
      message: "No live wallet.",
      details: ["d"],
      headers: { "retry-after": "1" },
    });
    expect(httpError(429, "Too Many Requests")).toMatchObject({ code: "HTTP_ERROR", status: 429, message: "Too Many Requests" });
  });

  it("does not compile with a status the catalogue does not allow for the code, or without a message where it has no default", () => {
    // @ts-expect-error INVALID_STATE is 400 only
    expect(appError("INVALID_STATE", { status: 409, message: "x" }).status).toBe(409);
    // @ts-expect-error VALIDATION_ERROR has no default message
    expect(appError("VALIDATION_ERROR").message).toBe("VALIDATION_ERROR");
    // @ts-expect-error 418 is not an HTTP_ERROR status
    expect(httpError(418, "teapot").status).toBe(418);
  });
});

/** Non-test .ts/.tsx files under `dir`. */
function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return /\.tsx?$/.test(e.name) && !/\.(test|spec)\.tsx?$/.test(e.name) ? [p] : [];
  });
}

describe("one way to build an error", () => {
  it("no source file in lib/, app/ or components/ but lib/errors.ts constructs an AppError inline (they call appError or a helper)", () => {
    const inline = ["lib", "app", "components"]
      .flatMap((root) => sourceFiles(root))
      .filter((f) => f !== path.join("lib", "errors.ts") && /new AppError\(/.test(fs.readFileSync(f, "utf8")));
    expect(inline).toEqual([]);
  });
});
