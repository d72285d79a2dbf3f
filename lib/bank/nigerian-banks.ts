import type { Bank } from "./provider";

/** Nigerian banks and their CBN / NIP institution codes, as NIBSS lists them. */
export const NIGERIAN_BANKS: readonly Bank[] = [
  { bankCode: "044", bankName: "Access Bank" },
  { bankCode: "063", bankName: "Access Bank (Diamond)" },
  { bankCode: "035A", bankName: "ALAT by Wema" },
  { bankCode: "50931", bankName: "Bowen Microfinance Bank" },
  { bankCode: "565", bankName: "Carbon" },
  { bankCode: "023", bankName: "Citibank Nigeria" },
  { bankCode: "559", bankName: "Coronation Merchant Bank" },
  { bankCode: "050", bankName: "Ecobank Nigeria" },
  { bankCode: "562", bankName: "Ekondo Microfinance Bank" },
  { bankCode: "070", bankName: "Fidelity Bank" },
  { bankCode: "011", bankName: "First Bank of Nigeria" },
  { bankCode: "214", bankName: "First City Monument Bank" },
  { bankCode: "501", bankName: "FSDH Merchant Bank" },
  { bankCode: "00103", bankName: "Globus Bank" },
  { bankCode: "058", bankName: "Guaranty Trust Bank" },
  { bankCode: "030", bankName: "Heritage Bank" },
  { bankCode: "301", bankName: "Jaiz Bank" },
  { bankCode: "082", bankName: "Keystone Bank" },
  { bankCode: "50211", bankName: "Kuda Bank" },
  { bankCode: "303", bankName: "Lotus Bank" },
  { bankCode: "50515", bankName: "Moniepoint MFB" },
  { bankCode: "999992", bankName: "OPay" },
  { bankCode: "107", bankName: "Optimus Bank" },
  { bankCode: "999991", bankName: "PalmPay" },
  { bankCode: "526", bankName: "Parallex Bank" },
  { bankCode: "076", bankName: "Polaris Bank" },
  { bankCode: "105", bankName: "PremiumTrust Bank" },
  { bankCode: "101", bankName: "Providus Bank" },
  { bankCode: "125", bankName: "Rubies MFB" },
  { bankCode: "106", bankName: "Signature Bank" },
  { bankCode: "51310", bankName: "Sparkle Microfinance Bank" },
  { bankCode: "221", bankName: "Stanbic IBTC Bank" },
  { bankCode: "068", bankName: "Standard Chartered Bank" },
  { bankCode: "232", bankName: "Sterling Bank" },
  { bankCode: "100", bankName: "SunTrust Bank" },
  { bankCode: "302", bankName: "TAJ Bank" },
  { bankCode: "102", bankName: "Titan Trust Bank" },
  { bankCode: "032", bankName: "Union Bank of Nigeria" },
  { bankCode: "033", bankName: "United Bank for Africa" },
  { bankCode: "215", bankName: "Unity Bank" },
  { bankCode: "566", bankName: "VFD Microfinance Bank" },
  { bankCode: "035", bankName: "Wema Bank" },
  { bankCode: "057", bankName: "Zenith Bank" },
];

const BY_CODE = new Map(NIGERIAN_BANKS.map((b) => [b.bankCode, b]));

export function findBank(bankCode: string): Bank | undefined {
  return BY_CODE.get(bankCode);
}
