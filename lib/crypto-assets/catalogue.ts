import { z } from "zod";
import { int, responseSchema } from "@/lib/response-schema";

/** Supplement §3: the default crypto catalogue (operator-configurable later). */
export const CryptoAssetSchema = responseSchema(
  "CryptoAsset",
  z.object({ assetCode: z.string(), network: z.string(), displayName: z.string(), decimals: int() }),
);
export type CryptoAsset = z.output<typeof CryptoAssetSchema>;

const NETWORK_NAMES: Record<string, string> = {
  tron: "Tron",
  ethereum: "Ethereum",
  bsc: "BSC",
  solana: "Solana",
  bitcoin: "Bitcoin",
};

const asset = (assetCode: string, network: string, decimals: number): CryptoAsset => ({
  assetCode,
  network,
  decimals,
  displayName: `${assetCode} (${NETWORK_NAMES[network] ?? network})`,
});

export const CRYPTO_CATALOGUE: readonly CryptoAsset[] = [
  asset("USDT", "tron", 6),
  asset("USDT", "ethereum", 6),
  asset("USDT", "bsc", 6),
  asset("USDC", "ethereum", 6),
  asset("USDC", "solana", 6),
  asset("BTC", "bitcoin", 8),
  asset("ETH", "ethereum", 18),
];

/** `USDT` or `USDT:tron` → the catalogue entries it names (empty when it names none). */
export function resolveCryptoSelector(selector: string): CryptoAsset[] {
  const [code, network] = selector.split(":");
  return CRYPTO_CATALOGUE.filter((a) => a.assetCode === code?.toUpperCase() && (network === undefined || a.network === network.toLowerCase()));
}

/** Normalises a selector (`usdt:TRON` → `USDT:tron`); null when it names nothing. */
export function normaliseCryptoSelector(selector: string): string | null {
  const matches = resolveCryptoSelector(selector.trim());
  if (matches.length === 0) return null;
  const [code, network] = selector.trim().split(":");
  return network === undefined ? code!.toUpperCase() : `${code!.toUpperCase()}:${network.toLowerCase()}`;
}
