import Link from "@/components/ui/link";

/** An empty state's second road, in words: "or from your own server through the Owo API", linking the API docs (never a raw `POST /v1/…`). */
export function FromYourServer() {
  return (
    <>
      or from your own website or app through the{" "}
      <Link href="/docs" className="text-accent underline">
        Owo API
      </Link>
    </>
  );
}
