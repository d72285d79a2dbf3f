import { Toaster as Sonner } from "sonner";

/**
 * The app's one toaster (DESIGN.md: a toast for every completed action), at the bottom right; on
 * a phone (sonner: 600 px and below) it spans the bottom. Never at the top: there a toast lay
 * over the header (menu, mode switch, "Sign out") and over a page's own actions (Disable,
 * Delete, New…), and a pointer resting on it holds it open.
 */
export function Toaster() {
  return <Sonner richColors position="bottom-right" />;
}
