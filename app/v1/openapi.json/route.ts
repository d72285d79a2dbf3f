// GET /v1/openapi.json – the OpenAPI 3.1 document of /v1 (no key needed), built from the handlers' zod schemas
import { openApiDocument } from "@/lib/openapi/document";

export function GET(): Response {
  return Response.json(openApiDocument(), {
    headers: {
      "cache-control": "public, max-age=300, stale-while-revalidate=3600",
      "access-control-allow-origin": "*",
    },
  });
}
