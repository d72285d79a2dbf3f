import { a11ySuite } from "./a11y-scan";

// Accessibility and layout of every page at a phone's width (e2e/a11y-scan.ts); the laptop's
// width is e2e/a11y.spec.ts.
a11ySuite(375);
