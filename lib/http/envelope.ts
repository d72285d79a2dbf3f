import { AppError } from "@/lib/errors";

/** CORS for browser callers of public keys; auth is by header, never cookies. */
export const CORS_HEADERS: Record<string, string> = {
  "access-control-allow-origin": "*",
  "access-control-expose-headers":
    "x-correlation-id, x-ratelimit-limit, x-ratelimit-remaining, x-ratelimit-reset, retry-after",
};

export function successResponse(data: unknown, headers: Record<string, string>, status = 200): Response {
  return Response.json({ success: true, data }, { status, headers: { ...CORS_HEADERS, ...headers } });
}

export function failureResponse(err: AppError, correlationId: string, headers: Record<string, string>): Response {
  const error: Record<string, unknown> = { code: err.code, message: err.message };
  if (err.details) error.details = err.details;
  return Response.json(
    { success: false, error, correlationId },
    { status: err.status, headers: { ...CORS_HEADERS, ...headers, ...err.headers, "x-correlation-id": correlationId } },
  );
}

export const internalError = () =>
  new AppError({ code: "INTERNAL_ERROR", status: 500, message: "An unexpected error occurred. Please try again later." });
