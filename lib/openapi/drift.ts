/**
 * Compile-time proof that the document cannot drift from the code: each response schema's
 * type (z.output) is exactly the type its view function or command returns. Change a view
 * without its schema (or the other way round) and `tsc` fails here, naming the schema.
 */
import type { z } from "zod";
import type { deactivateDynamicPayId } from "@/lib/payids/get-dynamic-payid";
import type { DynamicPayIdListItem as DynamicPayIdListItemView, DynamicPayIdView } from "@/lib/payids/dynamic-payid-view";
import type { setStaticPayIdActive } from "@/lib/payids/static-payids";
import type { StaticPayIdListItem as StaticPayIdListItemView, StaticPayIdView } from "@/lib/payids/static-payid-view";
import type { toInvoiceView } from "@/lib/invoices/invoice-view";
import type { makeSandboxPayment } from "@/lib/payments/sandbox-payment";
import type { sandboxExpire } from "@/lib/payments/sandbox-expire";
import type { RefundView } from "@/lib/static-accounts/refund-view";
import type { SettlementRun as SettlementRunView } from "@/lib/settlement/run-settlement";
import type { getSession } from "@/lib/sessions/get-session";
import type { initializeSession } from "@/lib/sessions/initialize-session";
import type { selectPaymentMethod } from "@/lib/sessions/select-payment-method";
import type { switchBank } from "@/lib/sessions/switch-bank";
import type { verifySession } from "@/lib/sessions/verify-session";
import type { SessionBank as SessionBankView, PayIdDetails as PayIdDetailsView } from "@/lib/sessions/session-views";
import type { CryptoAsset as CryptoAssetView } from "@/lib/crypto-assets/catalogue";
import type { listStaticAccountPayments } from "@/lib/static-accounts/list-static-account-payments";
import type { StaticAccountPaymentView } from "@/lib/static-accounts/static-account-payment-view";
import type { staticAccountStatus } from "@/lib/static-accounts/static-account-status";
import type { StaticAccountView } from "@/lib/static-accounts/static-account-view";
import type { listBanks } from "@/lib/transfers/list-banks";
import type { quoteCharges } from "@/lib/transfers/quote-charges";
import type { resolveAccount } from "@/lib/transfers/resolve-account";
import type { initiateTransfer } from "@/lib/transfers/initiate-transfer";
import type { verifyTransfer } from "@/lib/transfers/verify-transfer";
import type { setSandboxOutcome } from "@/lib/transfers/set-sandbox-outcome";
import type { TransferView } from "@/lib/transfers/transfer-view";
import type { VirtualAccountView } from "@/lib/virtual-accounts/virtual-account-view";
import type { EventView } from "@/lib/events/event-view";
import type { getBalance } from "@/lib/wallets/wallet-balance";
import type { fundWallet } from "@/lib/wallets/fund-wallet";
import type { getWallet } from "@/lib/wallets/wallet-settings";
import type { addMember, removeMember } from "@/lib/wallets/wallet-members";
import type { MemberView } from "@/lib/wallets/wallet-view";
import type { Paged } from "@/lib/lists/paging";
import type { PaymentLinkView } from "@/lib/payment-links/payment-link-view";
import type * as R from "./responses";

/** Mutually assignable: the same values, whatever way the type is spelled. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Check<T extends true> = T;
type Out<S extends z.ZodType> = z.output<S>;
type Answer<F extends (...args: never[]) => unknown> = Awaited<ReturnType<F>>;

export type DriftChecks = [
  // Checkout sessions
  Check<Same<Out<typeof R.SessionInitialize>, Answer<typeof initializeSession>>>,
  Check<Same<Out<typeof R.SessionVerify>, Answer<typeof verifySession>>>,
  Check<Same<Out<typeof R.Session>, Answer<typeof getSession>>>,
  Check<Same<Out<typeof R.PaymentDetails>, Answer<typeof selectPaymentMethod>>>,
  Check<Same<Out<typeof R.BankTransferDetails>, Answer<typeof switchBank>>>,
  Check<Same<Out<typeof R.PayIdDetails>, PayIdDetailsView>>,
  Check<Same<Out<typeof R.SessionBank>, SessionBankView>>,
  Check<Same<Out<typeof R.CryptoAsset>, CryptoAssetView>>,
  // PayIDs
  Check<Same<Out<typeof R.DynamicPayId>, DynamicPayIdView>>,
  Check<Same<Out<typeof R.DynamicPayIdPage>, Paged<DynamicPayIdListItemView>>>,
  Check<Same<Out<typeof R.StaticPayId>, StaticPayIdView>>,
  Check<Same<Out<typeof R.StaticPayIdPage>, Paged<StaticPayIdListItemView>>>,
  Check<Same<Out<typeof R.ActionResult>, Answer<typeof deactivateDynamicPayId>>>,
  Check<Same<Out<typeof R.ActionResult>, Answer<typeof setStaticPayIdActive>>>,
  // Virtual accounts
  Check<Same<Out<typeof R.VirtualAccount>, VirtualAccountView>>,
  Check<Same<Out<typeof R.VirtualAccountPage>, Paged<VirtualAccountView>>>,
  // Static NGN accounts and refunds
  Check<Same<Out<typeof R.StaticAccount>, StaticAccountView>>,
  Check<Same<Out<typeof R.StaticAccountPage>, Paged<StaticAccountView>>>,
  Check<Same<Out<typeof R.StaticAccountProductStatus>, ReturnType<typeof staticAccountStatus>>>,
  Check<Same<Out<typeof R.StaticAccountPayment>, StaticAccountPaymentView>>,
  Check<Same<Out<typeof R.StaticAccountPaymentPage>, Answer<typeof listStaticAccountPayments>>>,
  Check<Same<Out<typeof R.Refund>, RefundView>>,
  Check<Same<Out<typeof R.RefundPage>, Paged<RefundView>>>,
  // Transfers
  Check<Same<Out<typeof R.Transfer>, TransferView>>,
  Check<Same<Out<typeof R.Transfer>, Answer<typeof initiateTransfer>>>,
  Check<Same<Out<typeof R.Transfer>, Answer<typeof verifyTransfer>>>,
  Check<Same<Out<typeof R.Transfer>, Answer<typeof setSandboxOutcome>>>,
  Check<Same<Out<typeof R.TransferPage>, Paged<TransferView>>>,
  Check<Same<Out<typeof R.Balance>, Answer<typeof getBalance>>>,
  Check<Same<Out<typeof R.Balance>, Answer<typeof fundWallet>>>,
  Check<Same<Out<typeof R.BankList>, Answer<typeof listBanks>>>,
  // Wallet (supplement §7)
  Check<Same<Out<typeof R.Wallet>, Answer<typeof getWallet>>>,
  Check<Same<Out<typeof R.Member>, Answer<typeof addMember>>>,
  Check<Same<Out<typeof R.MemberPage>, Paged<MemberView>>>,
  Check<Same<Out<typeof R.ActionResult>, Answer<typeof removeMember>>>,
  Check<Same<Out<typeof R.ResolvedAccount>, Answer<typeof resolveAccount>>>,
  Check<Same<Out<typeof R.TransferCharges>, ReturnType<typeof quoteCharges>>>,
  // Events
  Check<Same<Out<typeof R.Event>, EventView>>,
  Check<Same<Out<typeof R.EventPage>, Paged<EventView>>>,
  // Invoices: the view is lib/invoices' own; its schema lives here
  Check<Same<Out<typeof R.Invoice>, ReturnType<typeof toInvoiceView>>>,
  Check<Same<Out<typeof R.InvoicePage>, Paged<ReturnType<typeof toInvoiceView>>>>,
  // Payment links
  Check<Same<Out<typeof R.PaymentLink>, PaymentLinkView>>,
  Check<Same<Out<typeof R.PaymentLinkPage>, Paged<PaymentLinkView>>>,
  // Sandbox
  Check<Same<Out<typeof R.SandboxExpireResult>, Answer<typeof sandboxExpire>>>,
  Check<Same<Out<typeof R.SandboxPaymentResult>, Answer<typeof makeSandboxPayment>>>,
  Check<Same<Out<typeof R.SettlementRun>, SettlementRunView>>,
];
