const WEIGHTS = [3, 7, 3, 3, 7, 3, 3, 7, 3, 3, 7, 3] as const;

/**
 * The CBN NUBAN check digit of a 9-digit serial at a bank: weights 3,7,3 repeated over the
 * 3-digit bank code followed by the serial; check = (10 − sum mod 10) mod 10.
 */
export function nubanCheckDigit(bankCode: string, serial: string): number {
  if (!/^\d{3}$/.test(bankCode)) throw new Error(`NUBAN bank code must be 3 digits: ${bankCode}`);
  if (!/^\d{9}$/.test(serial)) throw new Error(`NUBAN serial must be 9 digits: ${serial}`);
  const digits = `${bankCode}${serial}`;
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(digits[i]) * WEIGHTS[i]!;
  return (10 - (sum % 10)) % 10;
}

/** The 10-digit account number: serial + check digit. */
export function nuban(bankCode: string, serial: string): string {
  return `${serial}${nubanCheckDigit(bankCode, serial)}`;
}

/** True when `accountNumber` is a 10-digit NUBAN whose check digit is right for the bank. */
export function isValidNuban(bankCode: string, accountNumber: string): boolean {
  if (!/^\d{3}$/.test(bankCode) || !/^\d{10}$/.test(accountNumber)) return false;
  return nubanCheckDigit(bankCode, accountNumber.slice(0, 9)) === Number(accountNumber[9]);
}
