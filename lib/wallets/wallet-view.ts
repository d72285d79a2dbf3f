/** Supplement §7's Wallet object. */
export type WalletView = {
  pay_id: string;
  name: string;
  currency: "NGN";
  available_balance: number;
  members_only: boolean;
  daily_limit: number | null;
  spent_today: number;
  created_at: string;
};

/** Supplement §7's Member object: a PayID the wallet pays often. */
export type MemberView = {
  pay_id: string;
  /** The member PayID's display name. */
  name: string;
  label: string | null;
  daily_limit: number | null;
  created_at: string;
};
