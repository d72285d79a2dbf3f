import { headers } from "next/headers";
import { clientIpFromHeaders } from "./client-ip";

/** clientIp (lib/http/client-ip.ts) for a server action or page, from the request's headers. */
export async function actionClientIp(): Promise<string> {
  return clientIpFromHeaders(await headers());
}
