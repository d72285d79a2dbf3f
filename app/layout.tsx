import type { Metadata } from "next";
import { connection } from "next/server";
import { Toaster } from "@/components/ui/toaster";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Owo", template: "%s · Owo" },
  description: "Collect and send money in naira, on infrastructure you own.",
};

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  // Every page is rendered per request: proxy.ts gives each response a fresh CSP nonce, and
  // Next can put it on its scripts only when it renders them (a prerendered page has none).
  await connection();
  return (
    <html lang="en">
      <body>
        {children}
        <Toaster />
      </body>
    </html>
  );
}
