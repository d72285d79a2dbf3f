import { expect } from "vitest";
import { createOwoClient, isOwoError, type OwoClient, type OwoError } from "@/client/owo-client";
import { inProcessFetch } from "@/tests/in-process-fetch";

/** The typed client on a key, answered in this process by the app/v1 route handlers. */
export function owoClient(apiKey: string): OwoClient {
  return createOwoClient({ baseUrl: "http://localhost", apiKey, fetch: inProcessFetch() });
}

/** The OwoError a call fails with (the test fails if it succeeds or throws anything else). */
export async function owoError(p: Promise<unknown>): Promise<OwoError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(isOwoError(err), `expected an OwoError, got ${String(err)}`).toBe(true);
  return err as OwoError;
}
