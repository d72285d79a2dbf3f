"use client";

import { Printer } from "lucide-react";
import { Button } from "@/components/ui/button";

/** The browser's print dialog, where "Save as PDF" is one of the printers. */
export function PrintButton() {
  return (
    <Button size="sm" onClick={() => window.print()} data-testid="inv-print-button">
      <Printer className="h-4 w-4" /> Print / Save as PDF
    </Button>
  );
}
