/**
 * A business's brand colour as the hosted pages use it: the colour itself where white text on
 * it (and it as text on white) reads at WCAG AA (4.5:1, on white and on the page's light grey), else the same hue darkened until it
 * does, so a pale brand never fails the accessibility scan.
 */
export const BRAND_COLOUR_PATTERN = /^#[0-9a-f]{6}$/i;

type Rgb = [number, number, number];

function toRgb(hex: string): Rgb {
  const n = parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function toHex([r, g, b]: Rgb): string {
  return `#${[r, g, b].map((c) => Math.round(c).toString(16).padStart(2, "0")).join("")}`;
}

function luminance([r, g, b]: Rgb): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** The contrast ratio of a colour against white (1 to 21). */
export function contrastWithWhite(hex: string): number {
  return 1.05 / (luminance(toRgb(hex)) + 0.05);
}

/** 5:1 against white keeps 4.5:1 on the hosted pages' light grey background (#f5f5f5) too. */
export const MIN_CONTRAST = 5;

/** The brand colour to paint with: itself when readable on white, else darkened step by step until it is. */
export function readableAccent(hex: string): string {
  let rgb = toRgb(hex.toLowerCase());
  for (let i = 0; i < 100 && contrastWithWhite(toHex(rgb)) < MIN_CONTRAST; i++) rgb = rgb.map((c) => c * 0.95) as Rgb;
  return toHex(rgb);
}

/** A darker shade for hover states. */
export function hoverShade(hex: string): string {
  return toHex(toRgb(hex).map((c) => c * 0.85) as Rgb);
}
