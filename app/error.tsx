"use client";

import { ErrorMessage, type ErrorPageProps } from "@/components/shell/error-message";

export default function RootError(props: ErrorPageProps) {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center p-4">
      <p className="text-2xl font-semibold tracking-tight text-accent">owo</p>
      <ErrorMessage {...props} home={{ href: "/", label: "Go to Owo" }} />
    </main>
  );
}
