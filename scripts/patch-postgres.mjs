// postinstall: repairs three defects of postgres.js 3.4.9's connection (fixes proposed
// upstream, not released). A small write waits for a setImmediate flush; when Postgres drops
// the connection before it runs (pg_terminate_backend, a restart, a proxy), (1) closed()/
// terminate() cancel the flush but leave its timer set, so that pooled connection never
// flushes a small write again: its next handshake or query waits for connect_timeout and
// fails; (2) a flush that still runs after the socket is gone throws an uncaught TypeError
// (porsager/postgres#1066, #1154, #1208). Here the teardown forgets the pending flush, and a
// flush without a socket fails its queries with CONNECTION_CLOSED. (3) With `max_pipeline: 0`
// (no pipelining: what db/client.ts sets behind a transaction-mode pooler) sql.begin() never
// reserved its connection, because the hook that does it sat behind the pipeline test in one
// `&&` chain (porsager/postgres#1210, #1207): the hook now runs first, and the chain answers
// as before for every other query. Each edit is applied once; any other version is left
// alone (say so).
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..", "node_modules", "postgres");
const { version } = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8"));
const MARK = "/* owo: flush state reset */";
const edits = [
  [
    "  function nextWrite(fn) {\n",
    `  function nextWrite(fn) {\n    if (!socket) { ${MARK}\n      chunk = nextWriteTimer = null\n      error(Errors.connection('CONNECTION_CLOSED', options))\n      return false\n    }\n`,
  ],
  ["    clearImmediate(nextWriteTimer)\n", `    clearImmediate(nextWriteTimer)\n    chunk = nextWriteTimer = null ${MARK}\n`],
  [
    "        && sent.length < max_pipeline\n        && (!q.options.onexecute || q.options.onexecute(connection))\n",
    "        && (!q.options.onexecute || q.options.onexecute(connection)) /* owo: begin reserves at max_pipeline 0 */\n        && sent.length < max_pipeline\n",
  ],
];

if (version !== "3.4.9") {
  console.warn(`scripts/patch-postgres.mjs: postgres ${version} installed, the repair is for 3.4.9: check whether it is still needed`);
} else {
  for (const file of ["src/connection.js", "cjs/src/connection.js", "cf/src/connection.js"]) {
    const full = path.join(root, file);
    let text = fs.readFileSync(full, "utf8");
    for (const [from, to] of edits) {
      if (text.includes(to)) continue;
      const parts = text.split(from);
      if (parts.length < 2) throw new Error(`scripts/patch-postgres.mjs: ${file} does not read as expected (no ${JSON.stringify(from.trim())})`);
      text = parts.join(to);
    }
    fs.writeFileSync(full, text);
  }
}
