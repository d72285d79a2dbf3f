import type { Role } from "@/db/schema";

export const ROLE_OPTIONS: { value: Role; label: string }[] = [
  { value: "owner", label: "Owner" },
  { value: "developer", label: "Developer" },
  { value: "viewer", label: "Viewer" },
];
