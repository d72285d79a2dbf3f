import { headers } from "next/headers";
import { clientIpFromHeaders } from "@/lib/client-ip";

/** clientIp (lib/client-ip.ts) for a server action or page, from the request's headers. */
export async function actionClientIp(): Promise<string> {
  return clientIpFromHeaders(await headers());
}
