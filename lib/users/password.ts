import { hash, verify } from "@node-rs/argon2";
import { randomBase62 } from "@/lib/ids";

// argon2id with the library's defaults (m=19 MiB, t=2, p=1: OWASP's minimum profile).
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

export function generatePassword(): string {
  return randomBase62(20);
}
