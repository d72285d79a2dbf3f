// GET|POST /api/cron – run every due scheduler job once (Authorization: Bearer $CRON_SECRET)
import { timingSafeEqual } from "node:crypto";
import { getDb } from "@/db/client";
import { runJobs } from "@/lib/scheduler/run-jobs";

export const dynamic = "force-dynamic";

function authorised(req: Request): boolean {
  const secret = process.env.CRON_SECRET;
  const given = /^Bearer (.+)$/.exec(req.headers.get("authorization") ?? "")?.[1];
  if (!secret || !given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(secret);
  return a.length === b.length && timingSafeEqual(a, b);
}

async function handle(req: Request): Promise<Response> {
  if (!authorised(req)) return Response.json({ error: "Unauthorized" }, { status: 401 });
  return Response.json(await runJobs(await getDb()));
}

export { handle as GET, handle as POST };
