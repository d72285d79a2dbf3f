import type { LineItem, SessionStatus } from "@/db/schema";
import type { CryptoAsset } from "@/lib/crypto-assets/catalogue";
import type { PaymentDetails } from "@/lib/sessions/session-views";
import type { EmbedPayment } from "@/lib/hosted/embed-payment";

export const CHECKOUT_METHODS = ["bank_transfer", "payid", "card", "crypto"] as const;
export type CheckoutMethod = (typeof CHECKOUT_METHODS)[number];
export const isCheckoutMethod = (m: string): m is CheckoutMethod => (CHECKOUT_METHODS as readonly string[]).includes(m);

/** What the hosted checkout page hands its client part: plain data only. */
export type CheckoutView = {
  sessionId: string;
  reference: string;
  testMode: boolean;
  status: SessionStatus;
  amount: number;
  merchantName: string;
  lineItems: LineItem[] | null;
  methods: CheckoutMethod[];
  cryptoAssets: CryptoAsset[];
  /** callback_url with ?reference=…, when the merchant gave one (http/https only). */
  returnUrl: string | null;
  /** The shop page's origin when opened by the inline checkout in a frame (lib/hosted/embed-parent.ts), else null. */
  embeddedIn: string | null;
  /** Embedded and already paid at load: the payment to tell the shop page of. */
  paid: EmbedPayment | null;
  details: PaymentDetails | null;
  qrSvg: string | null;
  /** The server's clock at render, for the countdown's first paint. */
  serverNow: number;
  /** A problem met while preparing the page (e.g. the bank could not issue an account). */
  initialError: string | null;
};

export const METHOD_LABELS: Record<CheckoutMethod, { title: string; heading: string; hint: string }> = {
  bank_transfer: { title: "Bank transfer", heading: "Pay by bank transfer", hint: "Transfer to a one-time account number from any bank app" },
  payid: { title: "PayID", heading: "Pay with PayID", hint: "Send to a PayID or scan a QR code" },
  card: { title: "Card", heading: "Pay by card", hint: "Visa, Mastercard or Verve" },
  crypto: { title: "Crypto", heading: "Pay with crypto", hint: "Stablecoins and other digital assets" },
};
