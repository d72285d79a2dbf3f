import { a11ySuite } from "./a11y-scan";

// Accessibility and layout of every page at a laptop's width (e2e/a11y-scan.ts); the phone's
// width is e2e/a11y-phone.spec.ts.
a11ySuite(1280);
