import { z } from "zod";

export const Email = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, "email must be at most 254 characters")
  .pipe(z.email({ error: "email must be a valid email address" }));

export const Password = z.string().min(8, "password must be at least 8 characters").max(200, "password must be at most 200 characters");
