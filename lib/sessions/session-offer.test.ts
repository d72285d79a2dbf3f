import { describe, expect, it } from "vitest";
import type { AppError } from "@/lib/errors";
import { cryptoAssetsView, resolveOffer } from "./session-offer";

const plain = { keyMethods: ["bank_transfer", "payid"] as const, keyCryptoAssets: [] as string[] };
const crypto = { keyMethods: ["bank_transfer", "payid"] as const, keyCryptoAssets: ["USDT", "BTC"] };

function refusal(fn: () => unknown): AppError {
  try {
    fn();
  } catch (err) {
    return err as AppError;
  }
  throw new Error("expected a refusal");
}

describe("payment_methods and crypto_assets against the key (api.md initialize body)", () => {
  it("omitted: the key's configured methods (default bank_transfer and payid)", () => {
    expect(resolveOffer({ ...plain })).toEqual({ methods: ["bank_transfer", "payid"], cryptoAssets: [] });
    expect(resolveOffer({ keyMethods: ["payid", "card"], keyCryptoAssets: [] }).methods).toEqual(["payid", "card"]);
  });

  it("omitted: crypto joins automatically when the key enables an asset, with every enabled pair", () => {
    expect(resolveOffer({ ...crypto })).toEqual({
      methods: ["bank_transfer", "payid", "crypto"],
      cryptoAssets: ["USDT:tron", "USDT:ethereum", "USDT:bsc", "BTC:bitcoin"],
    });
  });

  it("a key listing crypto without any asset does not qualify: crypto is left out", () => {
    expect(resolveOffer({ keyMethods: ["bank_transfer", "crypto"], keyCryptoAssets: [] }).methods).toEqual(["bank_transfer"]);
  });

  it("an explicit list is honoured exactly: no crypto unless listed, even on a crypto key", () => {
    expect(resolveOffer({ ...crypto, paymentMethods: ["payid"] })).toEqual({ methods: ["payid"], cryptoAssets: [] });
  });

  it("[crypto] alone gives a crypto-only checkout", () => {
    expect(resolveOffer({ ...crypto, paymentMethods: ["crypto"] })).toEqual({
      methods: ["crypto"],
      cryptoAssets: ["USDT:tron", "USDT:ethereum", "USDT:bsc", "BTC:bitcoin"],
    });
  });

  it("crypto_assets with an explicit list that omits crypto still offers crypto", () => {
    expect(resolveOffer({ ...crypto, paymentMethods: ["bank_transfer"], cryptoAssets: ["BTC"] })).toEqual({
      methods: ["bank_transfer", "crypto"],
      cryptoAssets: ["BTC:bitcoin"],
    });
  });

  it("crypto_assets narrows: <asset>:<network> for one network, <asset> for every enabled network", () => {
    expect(resolveOffer({ ...crypto, cryptoAssets: ["usdt:TRON"] }).cryptoAssets).toEqual(["USDT:tron"]);
    expect(resolveOffer({ ...crypto, cryptoAssets: ["USDT"] }).cryptoAssets).toEqual(["USDT:tron", "USDT:ethereum", "USDT:bsc"]);
    const narrowKey = { keyMethods: ["payid"] as const, keyCryptoAssets: ["USDT:tron"] };
    expect(resolveOffer({ ...narrowKey, cryptoAssets: ["USDT"] }).cryptoAssets).toEqual(["USDT:tron"]);
  });

  it("only assets enabled on the key can appear: another asset is refused, naming it", () => {
    const err = refusal(() => resolveOffer({ ...crypto, cryptoAssets: ["ETH"] }));
    expect(err.status).toBe(400);
    expect(err.message).toBe("Validation error");
    expect(err.details).toEqual(["crypto_assets includes ETH, which is not enabled on this API key"]);
    expect(refusal(() => resolveOffer({ ...crypto, cryptoAssets: ["USDC:solana"] })).details).toEqual([
      "crypto_assets includes USDC:solana, which is not enabled on this API key",
    ]);
  });

  it("an asset the catalogue does not know is refused", () => {
    expect(refusal(() => resolveOffer({ ...crypto, cryptoAssets: ["DOGE"] })).details).toEqual(["crypto_assets has an unknown asset: DOGE"]);
  });

  it("crypto on a key that does not qualify is refused, listed or by crypto_assets", () => {
    expect(refusal(() => resolveOffer({ ...plain, paymentMethods: ["crypto"] })).details).toEqual([
      "payment_methods includes crypto, which is not enabled on this API key",
    ]);
    expect(refusal(() => resolveOffer({ ...plain, cryptoAssets: ["USDT"] })).details).toEqual([
      "crypto_assets given, but crypto is not enabled on this API key",
    ]);
  });

  it("a method the key does not offer is refused (card on a bank_transfer/payid key)", () => {
    expect(refusal(() => resolveOffer({ ...plain, paymentMethods: ["bank_transfer", "card"] })).details).toEqual([
      "payment_methods includes card, which is not enabled on this API key",
    ]);
  });

  it("crypto_assets view: catalogue entries {assetCode, network, displayName, decimals}; null without crypto", () => {
    expect(cryptoAssetsView(["crypto"], ["USDT:tron", "BTC:bitcoin"])).toEqual([
      { assetCode: "USDT", network: "tron", displayName: "USDT (Tron)", decimals: 6 },
      { assetCode: "BTC", network: "bitcoin", displayName: "BTC (Bitcoin)", decimals: 8 },
    ]);
    expect(cryptoAssetsView(["bank_transfer"], [])).toBeNull();
  });
});
