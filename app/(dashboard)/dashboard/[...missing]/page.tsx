import { notFound } from "next/navigation";

/** Any URL under /dashboard no page answers: the dashboard's not-found, inside its shell (the root one has no shell). */
export default function MissingDashboardPage(): never {
  notFound();
}
