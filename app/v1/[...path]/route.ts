// Any /v1 path with no route – 404 in the API envelope
import { unmatched } from "@/lib/http/route";

const notFound = unmatched(404);
export { notFound as GET, notFound as POST, notFound as PUT, notFound as PATCH, notFound as DELETE };
