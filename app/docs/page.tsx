import type { Metadata } from "next";
import { ApiReference } from "./api-reference";

export const metadata: Metadata = {
  title: "API reference",
  description: "The Owo /v1 API: every operation, its fields and failures, with try-it-out on a test key.",
};

/** /docs: the interactive API reference, rendered from /v1/openapi.json (public, no sign-in); the guides are the other /docs pages (components/docs/docs-pages.ts). */
export default function DocsPage() {
  return <ApiReference />;
}
