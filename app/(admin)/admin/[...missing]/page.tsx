import { notFound } from "next/navigation";

/** Any URL under /admin no page answers: the admin area's not-found, inside its shell. */
export default function MissingAdminPage(): never {
  notFound();
}
