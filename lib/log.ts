import pino, { type DestinationStream, type Level, type LevelWithSilent, type Logger } from "pino";

/**
 * Structured JSON logs (pino), one line per event. Level from LOG_LEVEL (default `info`; the
 * test suite runs at `warn`). Lines below `error` go to stdout through an asynchronous
 * sonic-boom: a request never waits on the write (a synchronous write to a pipe whose reader
 * lags cost ~200 µs a line under load, against ~5 µs), lines written while one write is in
 * flight are coalesced, and the rest is flushed on exit; a SIGKILL can lose the lines of the
 * write in flight. `error` and `fatal` lines go to stderr synchronously (console.error), so a
 * crash never loses its cause. Never pass a secret key, password or request body here; the
 * fields named in SECRET_FIELDS are redacted in case one slips through.
 */
const LEVELS: readonly LevelWithSilent[] = ["fatal", "error", "warn", "info", "debug", "trace", "silent"];

function levelFromEnv(): LevelWithSilent {
  const given = process.env.LOG_LEVEL?.trim().toLowerCase() as LevelWithSilent | undefined;
  return given && LEVELS.includes(given) ? given : "info";
}

type Sink = DestinationStream & { lastLevel: number };

let stdout: ReturnType<typeof pino.destination> | null = null;
let captured: string[] | null = null;

function openStdout(): ReturnType<typeof pino.destination> {
  // At most 16 MiB waiting on a stalled reader; beyond that lines are dropped, never memory.
  const dest = pino.destination({ dest: 1, sync: false, maxLength: 16 * 1024 * 1024 });
  dest.on("error", () => {}); // stdout closed (EPIPE): logging must never crash the process
  process.once("exit", () => {
    try {
      dest.flushSync();
    } catch {
      /* nothing more can be done at exit */
    }
  });
  return dest;
}

// pino tells a stream marked with this symbol each line's level (as pino.multistream does).
const sink: Sink = {
  [Symbol.for("pino.metadata")]: true,
  lastLevel: 0,
  write(line: string) {
    if (captured) captured.push(line);
    else if (this.lastLevel >= 50) console.error(line.endsWith("\n") ? line.slice(0, -1) : line);
    else (stdout ??= openStdout()).write(line);
  },
} as Sink;

/**
 * Keys whose values never reach a log line, at any of the first three levels of a line's
 * fields: passwords, keys, secrets, tokens, the authorization / x-api-key / cookie headers,
 * and a failed query's bound parameters (`params` from Drizzle, `parameters` from postgres.js).
 */
const SECRET_FIELDS = [
  "password",
  "passwordHash",
  "newPassword",
  "currentPassword",
  "secret",
  "secretKey",
  "secret_key",
  "webhookSecret",
  "webhook_secret",
  "previousWebhookSecret",
  "apiKey",
  "api_key",
  "key",
  "token",
  "accessToken",
  "refreshToken",
  "totpSecret",
  "authorization",
  "cookie",
  "set-cookie",
  "x-api-key",
  "x-owo-bench-secret",
  "params",
  "parameters",
];
const fieldPath = (prefix: string, name: string) => (/^[A-Za-z_$][\w$]*$/.test(name) ? `${prefix}${prefix ? "." : ""}${name}` : `${prefix}["${name}"]`);
export const REDACTED_PATHS = ["", "*", "*.*"].flatMap((prefix) => SECRET_FIELDS.map((f) => fieldPath(prefix, f)));

type DrizzleQueryErrorLike = Error & { query: string; params: unknown[] };
const isQueryError = (e: unknown): e is DrizzleQueryErrorLike =>
  e instanceof Error && typeof (e as Partial<DrizzleQueryErrorLike>).query === "string" && Array.isArray((e as Partial<DrizzleQueryErrorLike>).params);

/**
 * pino's error serializer, minus a failed query's bound parameters: Drizzle writes them into
 * the error's message ("Failed query: …\nparams: …"), which pino copies into `message` and
 * `stack` (with every cause's), so they are cut out of those texts too.
 */
function serializeError(err: unknown): unknown {
  const out = pino.stdSerializers.err(err as Error) as unknown as Record<string, unknown>;
  if (!(err instanceof Error)) return out;
  const leaks: string[] = [];
  for (let e: unknown = err, depth = 0; e instanceof Error && depth < 10; e = e.cause, depth++) {
    if (isQueryError(e)) leaks.push(`\nparams: ${e.params}`);
  }
  for (const field of ["message", "stack"] as const) {
    const text = out[field];
    if (typeof text === "string") out[field] = leaks.reduce((t, leak) => t.split(leak).join("\nparams: [redacted]"), text);
  }
  return out;
}

export const logger: Logger = pino(
  {
    level: levelFromEnv(),
    base: { pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    serializers: { error: serializeError, err: serializeError },
    redact: { paths: REDACTED_PATHS, censor: "[redacted]" },
  },
  sink,
);

/** An error for the operator: the message, its fields and (under `error`) the cause with its stack. */
export function logError(message: string, fields: Record<string, unknown> = {}): void {
  logger.error(fields, message);
}

export function logWarn(message: string, fields: Record<string, unknown> = {}): void {
  logger.warn(fields, message);
}

export function logInfo(message: string, fields: Record<string, unknown> = {}): void {
  logger.info(fields, message);
}

/**
 * Tests: collects every line logged at `level` or above (as parsed JSON) until `stop()`,
 * instead of writing it out.
 */
export function captureLogs(level: Level = "info"): { lines: Record<string, unknown>[]; raw: string[]; stop: () => void } {
  const previousLevel = logger.level;
  const raw: string[] = [];
  captured = raw;
  logger.level = level;
  return {
    raw,
    get lines() {
      return raw.map((l) => JSON.parse(l) as Record<string, unknown>);
    },
    stop() {
      captured = null;
      logger.level = previousLevel;
    },
  };
}
