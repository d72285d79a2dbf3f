// The e2e browser, said once (playwright.config.ts launches it, scripts/test-setup.ts installs
// it): Debian's chromium-headless-shell, the headless-only build of the same Chromium (the mode
// Playwright itself runs by default), never a downloaded browser. It used about a third less CPU
// than the full /usr/bin/chromium on the same specs, and the browser is the e2e stage's main
// CPU cost. CHROMIUM_PATH points at another Chromium binary instead.
export const BROWSER_PACKAGE = "chromium-headless-shell";
export const browserBinary = (): string => process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell";
