import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // PGlite ships WASM and data files that must be loaded from node_modules at run time.
  serverExternalPackages: ["@electric-sql/pglite", "@node-rs/argon2"],
  poweredByHeader: false,
  // `npm test` type-checks the whole project (tsc --noEmit) before anything else; the build
  // need not do it a second time on every `npm start` after a change.
  typescript: { ignoreBuildErrors: true },
  // Server actions carry at most an activation document (5 MiB, sent as base64: ~6.7 MB); the
  // default limit is 1 MB. Each action still checks its own input's size.
  experimental: { serverActions: { bodySizeLimit: "8mb" } },
  // Every answer (pages, /v1, static files): no MIME sniffing, and no full URL in the Referer
  // sent to other sites. The pages' CSP and HSTS are set per request in proxy.ts, /v1's HSTS in
  // lib/http/route.ts (both depend on the runtime APP_URL; these headers are fixed at build).
  async headers() {
    return [
      {
        source: "/:path*",
        headers: [
          { key: "X-Content-Type-Options", value: "nosniff" },
          { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
        ],
      },
    ];
  },
};

export default nextConfig;
