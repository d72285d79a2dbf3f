import { test } from "@playwright/test";
import { signInDemo } from "./helpers";

test("probe: requests per navigation", async ({ page }) => {
  const seen: string[] = [];
  page.on("request", (r) => {
    const u = new URL(r.url());
    if (u.pathname.startsWith("/_next/static")) return;
    seen.push(`${r.method()} ${u.pathname}${u.search.includes("_rsc") ? " [rsc]" : ""} ${r.headers()["next-router-prefetch"] ? "PREFETCH" : ""}`);
  });
  const t0 = Date.now();
  await signInDemo(page, "business");
  await page.waitForURL(/\/dashboard$/);
  await page.waitForLoadState("networkidle");
  console.log("sign-in + home ms", Date.now() - t0, "requests", seen.length);
  console.log(seen.join("\n"));
  seen.length = 0;
  const t1 = Date.now();
  await page.goto("/dashboard/payments");
  await page.waitForLoadState("networkidle");
  console.log("payments ms", Date.now() - t1, "requests", seen.length);
  console.log(seen.join("\n"));
});
