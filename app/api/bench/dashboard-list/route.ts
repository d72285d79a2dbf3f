// GET /api/bench/dashboard-list – the dashboard's sessions and payments lists for `npm run bench`
// (lib/bench/bench-dashboard-list.ts); a 404 without the run's bench secret.
import { benchDashboardList } from "@/lib/bench/bench-dashboard-list";

export const dynamic = "force-dynamic";

export { benchDashboardList as GET };
