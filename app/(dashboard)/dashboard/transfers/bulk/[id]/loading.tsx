import { DetailSkeleton } from "@/components/ui/skeleton";

export default function Loading() {
  return <DetailSkeleton label="bulk transfer" />;
}
