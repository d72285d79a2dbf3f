import { ListSkeleton } from "@/components/ui/skeleton";

export default function Loading() {
  return <ListSkeleton title="Bulk transfers" rows={5} />;
}
