"use client";

import { ErrorMessage, type ErrorPageProps } from "@/components/shell/error-message";

/** Inside the dashboard's shell: the navigation stays usable when one page fails. */
export default function DashboardError(props: ErrorPageProps) {
  return <ErrorMessage {...props} home={{ href: "/dashboard", label: "Back to Home" }} />;
}
