import { randomFillSync } from "node:crypto";

const SAFE = /^[A-Za-z0-9._:-]{8,100}$/;
const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, "0"));

// Random bytes drawn from the OS CSPRNG 8 KiB at a time: one syscall per ~800 ids.
const pool = Buffer.alloc(8192);
let used = pool.length;

/**
 * A new id in UUIDv7 layout (48-bit millisecond time, version 7, variant 10, 74 random bits),
 * so log lines sort by time. Not the uuidv7 package: every /v1 request makes one, and that
 * package's monotonic generator (not needed for a correlation id) cost ~1.5% of a verify.
 */
function newCorrelationId(): string {
  if (used + 10 > pool.length) {
    randomFillSync(pool);
    used = 0;
  }
  const r = pool;
  const i = used;
  used += 10;
  const t = Date.now().toString(16).padStart(12, "0");
  return (
    `${t.slice(0, 8)}-${t.slice(8)}-7${HEX[r[i]! & 0x0f]!.slice(1)}${HEX[r[i + 1]!]}-` +
    `${HEX[(r[i + 2]! & 0x3f) | 0x80]}${HEX[r[i + 3]!]}-` +
    `${HEX[r[i + 4]!]}${HEX[r[i + 5]!]}${HEX[r[i + 6]!]}${HEX[r[i + 7]!]}${HEX[r[i + 8]!]}${HEX[r[i + 9]!]}`
  );
}

/** The caller's x-correlation-id when it is a safe token, else a new one. */
export function correlationIdFor(req: Request): string {
  const given = req.headers.get("x-correlation-id");
  return given && SAFE.test(given) ? given : newCorrelationId();
}
