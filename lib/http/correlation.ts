import { uuidv7 } from "uuidv7";

const SAFE = /^[A-Za-z0-9._:-]{8,100}$/;

/** The caller's x-correlation-id when it is a safe token, else a new one. */
export function correlationIdFor(req: Request): string {
  const given = req.headers.get("x-correlation-id");
  return given && SAFE.test(given) ? given : uuidv7();
}

/** The caller's address as the load balancer reports it (first X-Forwarded-For hop). */
export function clientIp(req: Request): string {
  const fwd = req.headers.get("x-forwarded-for");
  return fwd?.split(",")[0]?.trim() || req.headers.get("x-real-ip") || "unknown";
}
