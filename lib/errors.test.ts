import { describe, expect, it } from "vitest";
import { AppError, isAppError } from "./errors";

describe("isAppError", () => {
  it("recognises an AppError made by another copy of this module (bundler chunks), by its process-wide brand", () => {
    const fromOtherCopy = Object.assign(new Error("Account not found."), { [Symbol.for("owo.AppError")]: true, code: "ACCOUNT_NOT_FOUND", status: 400 });
    expect(isAppError(fromOtherCopy)).toBe(true);
    expect(isAppError(new AppError({ code: "NOT_FOUND", status: 404, message: "x" }))).toBe(true);
    expect(isAppError(new Error("boom"))).toBe(false);
    expect(isAppError("nope")).toBe(false);
  });
});
