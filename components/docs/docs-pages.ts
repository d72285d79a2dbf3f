/** The docs' pages, in reading order: the navigation on every /docs page. */
export const DOCS_PAGES = [
  { href: "/docs/quickstart", title: "Quickstart" },
  { href: "/docs/webhooks", title: "Verifying webhooks" },
  { href: "/docs/sandbox", title: "Sandbox test values" },
  { href: "/docs/errors", title: "Error codes" },
  { href: "/docs/inline-checkout", title: "Inline checkout" },
  { href: "/docs", title: "API reference" },
] as const;
