import { createHash } from "node:crypto";

const FIRST = [
  "ADEBAYO",
  "CHIOMA",
  "EMEKA",
  "FUNMILAYO",
  "IBRAHIM",
  "NGOZI",
  "OLUWASEUN",
  "AMINA",
  "TUNDE",
  "BLESSING",
  "CHINEDU",
  "HALIMA",
  "KELECHI",
  "YETUNDE",
  "MUSA",
  "ZAINAB",
  "OBINNA",
  "TEMITOPE",
  "USMAN",
  "ADAEZE",
];
const MIDDLE = ["OLUWADAMILARE", "CHUKWUEMEKA", "ABIODUN", "NNAMDI", "AISHA", "OLUMIDE", "IFEOMA", "BABATUNDE", "FATIMA", "UCHENNA"];
const LAST = [
  "OKAFOR",
  "ADEYEMI",
  "BELLO",
  "EZE",
  "OGUNDIPE",
  "MOHAMMED",
  "NWOSU",
  "ADELEKE",
  "ABUBAKAR",
  "OKONKWO",
  "ADEWALE",
  "IBEKWE",
  "SANI",
  "ONYEKACHI",
  "AKINTOLA",
  "YUSUF",
];

/** A stable, realistic account holder name for a (bank, number) pair. */
export function sandboxAccountName(bankCode: string, accountNumber: string): string {
  const h = createHash("sha256").update(`${bankCode}:${accountNumber}`).digest();
  return `${FIRST[h[0]! % FIRST.length]} ${MIDDLE[h[1]! % MIDDLE.length]} ${LAST[h[2]! % LAST.length]}`;
}
