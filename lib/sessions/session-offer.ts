import type { PaymentMethod } from "@/db/schema";
import { CRYPTO_CATALOGUE, normaliseCryptoSelector, resolveCryptoSelector, type CryptoAsset } from "@/lib/crypto-assets/catalogue";
import { validationError } from "@/lib/errors";

/** What a session offers the customer: its methods and, with crypto, `<ASSET>:<network>` pairs. */
export type SessionOffer = { methods: PaymentMethod[]; cryptoAssets: string[] };

export const pairOf = (a: CryptoAsset) => `${a.assetCode}:${a.network}`;

/** Every catalogue pair a list of selectors (`USDT`, `USDT:tron`) enables, in catalogue order. */
function enabledPairs(selectors: string[]): Set<string> {
  const named = new Set(selectors.flatMap(resolveCryptoSelector).map(pairOf));
  return new Set(CRYPTO_CATALOGUE.map(pairOf).filter((p) => named.has(p)));
}

/**
 * api.md's payment_methods / crypto_assets rules against the key's configuration:
 * - omitted: the key's methods, and crypto joins when the key qualifies (enables an asset);
 * - explicit: honoured exactly (crypto only when listed, or when crypto_assets is passed);
 *   every method must be one the key offers, crypto one it qualifies for;
 * - crypto_assets narrows the key's assets (`<asset>` = every enabled network of it); naming
 *   an asset the key does not enable is refused.
 */
export function resolveOffer(input: {
  keyMethods: readonly PaymentMethod[];
  keyCryptoAssets: readonly string[];
  paymentMethods?: PaymentMethod[];
  cryptoAssets?: string[];
}): SessionOffer {
  const keyPairs = enabledPairs([...input.keyCryptoAssets]);
  const cryptoEligible = keyPairs.size > 0;
  const narrowing = input.cryptoAssets && input.cryptoAssets.length > 0 ? input.cryptoAssets : undefined;
  const problems: string[] = [];

  let methods: PaymentMethod[];
  if (input.paymentMethods) {
    methods = [...input.paymentMethods];
    if (narrowing && !methods.includes("crypto")) methods.push("crypto");
    for (const m of methods) {
      const offered = m === "crypto" ? cryptoEligible : input.keyMethods.includes(m);
      if (!offered) problems.push(`payment_methods includes ${m}, which is not enabled on this API key`);
    }
  } else {
    methods = input.keyMethods.filter((m) => m !== "crypto");
    if (cryptoEligible) methods.push("crypto");
    else if (narrowing) problems.push("crypto_assets given, but crypto is not enabled on this API key");
  }

  let cryptoAssets: string[] = [];
  if (methods.includes("crypto") && cryptoEligible) {
    if (!narrowing) {
      cryptoAssets = [...keyPairs];
    } else {
      const chosen = new Set<string>();
      for (const selector of narrowing) {
        const normalised = normaliseCryptoSelector(selector);
        if (!normalised) {
          problems.push(`crypto_assets has an unknown asset: ${selector}`);
          continue;
        }
        const pairs = resolveCryptoSelector(normalised)
          .map(pairOf)
          .filter((p) => keyPairs.has(p));
        if (pairs.length === 0) problems.push(`crypto_assets includes ${normalised}, which is not enabled on this API key`);
        pairs.forEach((p) => chosen.add(p));
      }
      cryptoAssets = [...keyPairs].filter((p) => chosen.has(p));
    }
  }
  if (problems.length) throw validationError(problems);
  return { methods, cryptoAssets };
}

/** api.md crypto_assets: catalogue entries for the stored pairs; null when crypto is not offered. */
export function cryptoAssetsView(methods: readonly string[], pairs: readonly string[]): CryptoAsset[] | null {
  if (!methods.includes("crypto") || pairs.length === 0) return null;
  const wanted = new Set(pairs);
  return CRYPTO_CATALOGUE.filter((a) => wanted.has(pairOf(a))).map((a) => ({ ...a }));
}
