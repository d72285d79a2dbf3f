"use client";

import { ErrorMessage, type ErrorPageProps } from "@/components/shell/error-message";

export default function AdminError(props: ErrorPageProps) {
  return <ErrorMessage {...props} home={{ href: "/admin", label: "Back to merchants" }} />;
}
