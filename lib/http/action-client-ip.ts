import { headers } from "next/headers";
import { clientIp } from "./correlation";

/** clientIp (lib/http/correlation.ts) for a server action or page, from the request's headers. */
export async function actionClientIp(): Promise<string> {
  return clientIp(new Request("http://localhost/", { headers: await headers() }));
}
