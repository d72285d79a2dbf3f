import fs from "node:fs";
import path from "node:path";
import { build, type Plugin } from "esbuild";

const ROOT = path.resolve(import.meta.dirname, "..");

/** Packages bundled with our sources: they import `next/server` without the extension Node's ESM resolver needs (tsx's resolver allows it). */
const BUNDLED_PACKAGES = /^(next-auth|@auth\/core)(\/|$)/;

/** Every other package stays external, loaded by Node from the repo's node_modules as bin/owo.mjs loads it; `next/<entry>` gets its `.js`. */
const externalPackages: Plugin = {
  name: "external-packages",
  setup(b) {
    b.onResolve({ filter: /^(@[^/]+\/)?[^./][^:]*$/ }, (args) => {
      if (args.path.startsWith("@/") || BUNDLED_PACKAGES.test(args.path)) return undefined;
      if (/^next\/[a-z-]+$/.test(args.path)) return { path: `${args.path}.js`, external: true };
      return { path: args.path, external: true };
    });
  },
};

/**
 * The `owo` CLI (lib/cli/main.ts, what bin/owo.mjs runs through tsx) as one ES module, built
 * once per test run: a CLI test starts a real process per call, and loading the sources through
 * tsx's loader costs each call about 3 s of CPU (10 s and more on a loaded machine), the bundle a
 * fraction of that. Packages stay external and resolve from the repo's node_modules, the way they
 * do for bin/owo.mjs (but for next-auth: see BUNDLED_PACKAGES), so only our own sources are bundled. bin/owo.mjs itself stays covered by
 * the tests that start it (lib/seed/seed-demo.test.ts).
 */
export async function buildCliBundle(): Promise<{ file: string; remove: () => void }> {
  const dir = path.join(ROOT, "node_modules", ".cache", "owo-cli");
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `owo-${process.pid}.mjs`);
  await build({
    stdin: {
      contents: `import { main } from "./lib/cli/main.ts";\nprocess.env.NEXT_TELEMETRY_DISABLED = "1";\nprocess.exit(await main(process.argv.slice(2)));\n`,
      resolveDir: ROOT,
      sourcefile: "owo-cli-entry.ts",
      loader: "ts",
    },
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    plugins: [externalPackages],
    tsconfig: path.join(ROOT, "tsconfig.json"),
    outfile: file,
    logLevel: "warning",
  });
  return { file, remove: () => fs.rmSync(file, { force: true }) };
}
