import { z } from "zod";
import type { Db } from "@/db/client";
import { MERCHANT_TYPES } from "@/db/schema";
import type { Actor } from "@/lib/audit/record-audit";
import { Email, Password } from "@/lib/users/user-input";
import { parseOrThrow } from "@/lib/validation";
import { createMerchant } from "./create-merchant";

export const SignUpInput = z.object({
  type: z.enum(MERCHANT_TYPES, { error: "type must be business or personal" }),
  businessName: z.string().trim().min(2, "businessName must be at least 2 characters").max(120, "businessName must be at most 120 characters"),
  name: z.string().trim().min(2, "name must be at least 2 characters").max(120, "name must be at most 120 characters"),
  email: Email,
  password: Password,
});

/** A person signs up: their business (or personal account), themselves as its owner, wallet PayIDs. */
export async function signUp(db: Db, input: z.input<typeof SignUpInput> & { actor: Actor }) {
  const data = parseOrThrow(SignUpInput, input);
  return createMerchant(db, {
    name: data.businessName,
    type: data.type,
    email: data.email,
    password: data.password,
    ownerName: data.name,
    actor: input.actor,
  });
}
