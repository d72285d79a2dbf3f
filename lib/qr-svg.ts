import QRCode from "qrcode";

/**
 * A QR code as an SVG string, rendered on the server so the page carries it in its first
 * paint (no client library, no layout jump). Dark on white whatever the colour scheme: banking
 * apps' scanners need the contrast.
 */
export function qrSvg(data: string): Promise<string> {
  return QRCode.toString(data, { type: "svg", margin: 1, errorCorrectionLevel: "M", color: { dark: "#000000", light: "#ffffff" } });
}
