import postgres from "postgres";

/** The server tests run against: TEST_DATABASE_SERVER, else the local one on 127.0.0.1:5432. */
export const TEST_SERVER = process.env.TEST_DATABASE_SERVER ?? "postgres://postgres@127.0.0.1:5432/postgres";

export async function postgresReachable(): Promise<boolean> {
  const sql = postgres(TEST_SERVER, { max: 1, connect_timeout: 3, onnotice: () => {} });
  try {
    await sql`select 1`;
    return true;
  } catch {
    return false;
  } finally {
    await sql.end({ timeout: 1 });
  }
}

/**
 * A test database's commits do not wait for the WAL flush (synchronous_commit off, set on the
 * database, so every connection to it has it; a copy made from a template does not inherit it).
 * Nothing a test observes changes: a commit is visible and ordered the same; only its survival
 * of a Postgres crash is given up, which no test needs. The fsync a commit waits for is 1–3 ms
 * here, paid by every one of the suite's hundreds of thousands of commits.
 */
const NO_COMMIT_FLUSH = (name: string) => `alter database "${name}" set synchronous_commit = off`;

const STALE_AFTER_MS = 60 * 60 * 1000;

/**
 * Creates an empty database with a unique name and returns its URL. Test databases a killed
 * run could not drop (their name carries their creation time) are swept first.
 */
export async function createTestDatabase(prefix: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${Date.now()}_${process.pid}`;
  const admin = postgres(TEST_SERVER, { max: 1, onnotice: () => {} });
  const old = await admin<{ datname: string }[]>`select datname from pg_database where datname ~ '^owo_(test|e2e|scratch|bench)_[0-9]+_[0-9]+(_w[0-9]+)?$'`;
  for (const { datname } of old) {
    const created = Number(datname.split("_")[2]);
    if (Date.now() - created > STALE_AFTER_MS) await admin.unsafe(`drop database if exists "${datname}" with (force)`).catch(() => {});
  }
  await admin.unsafe(`create database "${name}"`);
  await admin.unsafe(NO_COMMIT_FLUSH(name));
  await admin.end();
  const url = new URL(TEST_SERVER);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const a = postgres(TEST_SERVER, { max: 1, onnotice: () => {} });
      await a.unsafe(`drop database if exists "${name}" with (force)`);
      await a.end();
    },
  };
}

/**
 * The database of one vitest worker (VITEST_POOL_ID): a copy of the run's migrated database
 * (`template`), made on the worker's first file. Files in one worker run one after another, so
 * a file never shares its database with a file running at the same time (a test that runs the
 * scheduler, or counts rows, sees only its own worker's records).
 */
export async function workerDatabase(templateUrl: string, poolId: string): Promise<string> {
  const template = new URL(templateUrl).pathname.slice(1);
  const name = `${template}_w${poolId}`;
  const admin = postgres(TEST_SERVER, { max: 1, onnotice: () => {} });
  try {
    const [exists] = await admin<{ one: number }[]>`select 1 as one from pg_database where datname = ${name}`;
    if (!exists) {
      await admin.unsafe(`create database "${name}" template "${template}"`);
      await admin.unsafe(NO_COMMIT_FLUSH(name));
    }
  } finally {
    await admin.end();
  }
  const url = new URL(TEST_SERVER);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Drops the worker databases made from `templateUrl` (the run's end). */
export async function dropWorkerDatabases(templateUrl: string): Promise<void> {
  const template = new URL(templateUrl).pathname.slice(1);
  const admin = postgres(TEST_SERVER, { max: 1, onnotice: () => {} });
  try {
    const rows = await admin<{ datname: string }[]>`select datname from pg_database where datname like ${`${template}_w%`}`;
    for (const { datname } of rows) await admin.unsafe(`drop database if exists "${datname}" with (force)`);
  } finally {
    await admin.end();
  }
}
