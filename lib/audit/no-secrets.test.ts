import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb, queryRows } from "@/db/client";
import { apiKeyPairs, staticAccounts, users } from "@/db/schema";
import { createAdmin } from "@/lib/admin/create-admin";
import { decideRefund } from "@/lib/admin/refund-reviews";
import { authorizeCredentials } from "@/lib/auth/auth";
import { randomBase62 } from "@/lib/ids";
import { createKeyPair } from "@/lib/keys/create-key-pair";
import { revokeKeyPair } from "@/lib/keys/revoke-key-pair";
import { rollSecretKey } from "@/lib/keys/roll-secret-key";
import { rotateWebhookSecret } from "@/lib/keys/rotate-webhook-secret";
import { setWebhookUrl } from "@/lib/keys/set-webhook-url";
import { setStaticAccounts } from "@/lib/merchants/set-static-accounts";
import { requestRefund } from "@/lib/refunds/request-refund";
import { setSettlementSettings } from "@/lib/settlement/settlement-settings";
import { deleteStaticAccount, disableStaticAccount, enableStaticAccount, suspendStaticAccount } from "@/lib/static-accounts/change-static-account-status";
import { createStaticAccount } from "@/lib/static-accounts/create-static-account";
import { changeMemberRole } from "@/lib/team/change-member-role";
import { inviteMember } from "@/lib/team/invite-member";
import { revokeInvitation } from "@/lib/team/revoke-invitation";
import { signUpWithInvitation } from "@/lib/team/sign-up-with-invitation";
import { initiateTransfer } from "@/lib/transfers/initiate-transfer";
import { InitiateTransferBody } from "@/lib/transfers/transfer-input";
import { makeMerchant, plainIdentityNumber } from "@/tests/factories";
import { pendingPayment, refundMerchant } from "@/tests/refunds";
import { bankBody, fund } from "@/tests/transfers";
import { CLI_ACTOR, type Actor } from "./record-audit";
import { recordSignIn } from "./record-sign-in";

/**
 * Issue 9: "The audit log never contains a secret key, a webhook secret, a password or a full
 * identity number." Every audited flow reachable from lib runs once, each secret it involves is
 * collected, then every audit_log row's full JSON text is searched for each of them.
 */
describe("the audit log never holds a secret", () => {
  it(
    "after every audited flow (keys, webhooks, static accounts, settlement, refunds, transfers, team, sign-ins, admins), no audit row contains any secret involved",
    { timeout: 120_000 },
    async () => {
      const db = await getDb();
      const secrets = new Map<string, string>(); // value → what it is
      const keep = (what: string, value: string | null | undefined) => {
        if (value) secrets.set(value, what);
      };
      const ua = (n: number) => `NoSecretsTest/${n}`;

      // A business, its owner (password) and the owner as a dashboard actor.
      const m = await makeMerchant();
      keep("owner password", m.password);
      const ownerActor: Actor = { type: "user", userId: m.owner.id, ip: "203.0.113.10", userAgent: ua(1) };
      const [ownerRow] = await db.select().from(users).where(eq(users.id, m.owner.id));
      keep("owner password hash", ownerRow!.passwordHash);

      // Keys: created from the dashboard and by the CLI, rolled, webhook secret rotated, URL changed, revoked.
      const scope = { merchantId: m.merchant.id, mode: "test" as const };
      const k1 = await createKeyPair(db, {
        ...scope,
        config: { name: "Dashboard key", webhookUrl: "https://hooks.example.com/a", rateLimit: 100_000 },
        actor: ownerActor,
      });
      keep("secret key (created)", k1.secretKey);
      keep("webhook secret (created)", k1.webhookSecret);
      const k2 = await createKeyPair(db, { ...scope, config: { name: "CLI key" }, actor: CLI_ACTOR });
      keep("secret key (CLI)", k2.secretKey);
      keep("webhook secret (CLI)", k2.webhookSecret);
      const rolled = await rollSecretKey(db, { ...scope, keyPairId: k1.keyPair.id, actor: ownerActor });
      keep("secret key (rolled)", rolled.secretKey);
      const rotated = await rotateWebhookSecret(db, { ...scope, keyPairId: k1.keyPair.id, actor: ownerActor });
      keep("webhook secret (rotated)", rotated.webhookSecret);
      await setWebhookUrl(db, { ...scope, keyPairId: k1.keyPair.id, webhookUrl: "https://hooks.example.com/b", actor: ownerActor });
      await revokeKeyPair(db, { ...scope, keyPairId: k2.keyPair.id, actor: ownerActor });
      for (const row of await db.select().from(apiKeyPairs).where(eq(apiKeyPairs.merchantId, m.merchant.id))) {
        keep("secret key hash", row.secretHash);
        keep("webhook secret (stored)", row.webhookSecret);
        keep("previous webhook secret", row.previousWebhookSecret);
      }

      // Dashboard transfer (funded through the sandbox with the rolled key).
      await fund({ ...k1, merchantId: m.merchant.id, publicKey: k1.keyPair.publicKey, secretKey: rolled.secretKey } as Parameters<typeof fund>[0], 1_000_000);
      await initiateTransfer(db, {
        ...scope,
        merchantName: m.merchant.name,
        walletPayIdId: k1.keyPair.settlementPayIdId!,
        keyPairId: null,
        source: "dashboard",
        actor: ownerActor,
        body: InitiateTransferBody.parse(bankBody({ amount: 30_000 })),
      });

      // Static accounts: enabled by an admin, created with a full identity number, then disabled, enabled, deleted; another suspended.
      const adminPassword = `Adm1n-${randomBase62(16)}`;
      keep("admin password", adminPassword);
      const admin = await createAdmin(db, { email: `audit-admin-${randomBase62(6).toLowerCase()}@owo.test`, password: adminPassword, actor: CLI_ACTOR });
      const adminActor = { type: "admin" as const, userId: admin.id, ip: "198.51.100.20", userAgent: ua(2) };
      await setStaticAccounts(db, { merchantId: m.merchant.id, staticAccounts: "enabled", actor: adminActor });
      const identityNumbers = [plainIdentityNumber(), plainIdentityNumber()];
      const created = [];
      for (const identity_number of identityNumbers) {
        keep("full identity number", identity_number);
        created.push(
          await createStaticAccount(db, {
            ...scope,
            keyPairId: null,
            body: { customer_name: "Chidinma Okafor", identity_type: "bvn", identity_number, reference: `cust-${randomBase62(10)}` },
          }),
        );
      }
      for (const row of await db.select().from(staticAccounts).where(eq(staticAccounts.merchantId, m.merchant.id)))
        keep("identity number hash", row.identityNumberHash);
      const target = { ...scope, id: created[0]!.id, actor: ownerActor };
      await disableStaticAccount(db, target);
      await enableStaticAccount(db, target);
      await deleteStaticAccount(db, target);
      await suspendStaticAccount(db, { id: created[1]!.id, actor: adminActor });

      // Settlement destination, by the owner.
      await setSettlementSettings(db, { ...scope, destination: "bank_account", bankCode: "058", accountNumber: "0123456789", actor: ownerActor });

      // Refunds: requested from the dashboard, approved and rejected by an admin.
      const rm = await refundMerchant();
      keep("refund merchant secret key", rm.secretKey);
      const [p1, p2] = [await pendingPayment(rm), await pendingPayment(rm)];
      const rmOwner: Actor = {
        type: "user",
        userId: (await queryRows<{ user_id: string }>(db, sql`select user_id from memberships where merchant_id = ${rm.merchantId}`))[0]!.user_id,
        ip: "203.0.113.11",
        userAgent: ua(3),
      };
      const r1 = await requestRefund(db, {
        merchantId: rm.merchantId,
        mode: rm.mode,
        staticAccountId: rm.accountId,
        paymentId: p1.id,
        reason: "Paid twice",
        actor: rmOwner,
      });
      const r2 = await requestRefund(db, { merchantId: rm.merchantId, mode: rm.mode, staticAccountId: rm.accountId, paymentId: p2.id, actor: rmOwner });
      await decideRefund(db, { refundId: r1.refund.id, decision: "approve", actor: adminActor });
      await decideRefund(db, { refundId: r2.refund.id, decision: "reject", reason: "The customer withdrew the request", actor: adminActor });

      // Team: invite (one-time token), revoke another invitation, sign up through the link (password), promote.
      const base = "http://localhost:3000";
      const invited = await inviteMember(db, {
        merchantId: m.merchant.id,
        actor: ownerActor,
        email: `invitee-${randomBase62(6).toLowerCase()}@example.com`,
        role: "viewer",
        baseUrl: base,
      });
      const token = invited.link.split("/").pop()!;
      keep("invitation token", token);
      keep("invitation link", invited.link);
      const other = await inviteMember(db, {
        merchantId: m.merchant.id,
        actor: ownerActor,
        email: `other-${randomBase62(6).toLowerCase()}@example.com`,
        role: "developer",
        baseUrl: base,
      });
      keep("invitation token (revoked)", other.link.split("/").pop()!);
      await revokeInvitation(db, { merchantId: m.merchant.id, actor: ownerActor, invitationId: other.invitation.id });
      const inviteePassword = `Invitee-${randomBase62(16)}`;
      keep("invitee password", inviteePassword);
      await signUpWithInvitation(db, {
        token,
        name: "Invited Person",
        password: inviteePassword,
        actor: { type: "user", ip: "203.0.113.12", userAgent: ua(4) },
      });
      const [invitee] = await db.select().from(users).where(eq(users.email, invited.invitation.email));
      keep("invitee password hash", invitee!.passwordHash);
      await changeMemberRole(db, { merchantId: m.merchant.id, actor: ownerActor, userId: invitee!.id, role: "developer" });

      // Sign-ins: through Auth.js's authorize (the password in the request), and recorded directly.
      const req = new Request("http://localhost/api/auth/callback/credentials", {
        method: "POST",
        headers: { "x-owo-peer-address": "192.0.2.9", "user-agent": ua(5) },
      });
      expect(await authorizeCredentials({ email: m.owner.email, password: m.password }, req)).toMatchObject({ id: m.owner.id });
      expect(await authorizeCredentials({ email: invitee!.email, password: inviteePassword }, req)).toMatchObject({ id: invitee!.id });
      await recordSignIn(db, { userId: m.owner.id, headers: req.headers });

      // The flows did write their rows (the search below is not vacuous).
      const actions = (
        await queryRows<{ action: string }>(db, sql`select distinct action from audit_log where merchant_id in (${m.merchant.id}, ${rm.merchantId})`)
      ).map((r) => r.action);
      expect(actions).toEqual(
        expect.arrayContaining([
          "merchant.created",
          "api_key.created",
          "api_key.rolled",
          "api_key.revoked",
          "api_key.webhook_secret_rotated",
          "api_key.webhook_url_changed",
          "transfer.sent",
          "merchant.static_accounts_changed",
          "static_account.disabled",
          "static_account.enabled",
          "static_account.deleted",
          "static_account.suspended",
          "settlement_settings.update",
          "refund.requested",
          "refund.approved",
          "refund.rejected",
          "member.invited",
          "invitation.revoked",
          "invitation.accepted",
          "member.role_changed",
          "user.signed_in",
        ]),
      );

      // Every audit row, whole, as text: none may contain any secret collected above.
      const all = await queryRows<{ doc: string }>(db, sql`select row_to_json(a)::text as doc from audit_log a`);
      expect(all.length).toBeGreaterThan(20);
      expect(secrets.size).toBeGreaterThan(15);
      const leaks: string[] = [];
      for (const { doc } of all) for (const [value, what] of secrets) if (doc.includes(value)) leaks.push(`${what} in ${doc.slice(0, 200)}`);
      expect(leaks).toEqual([]);
    },
  );
});
