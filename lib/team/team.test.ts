import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, queryRows, type Db } from "@/db/client";
import { invitations, memberships, type Role } from "@/db/schema";
import type { Actor } from "@/lib/audit/record-audit";
import { insertUser } from "@/lib/users/create-user";
import { randomBase62 } from "@/lib/ids";
import { makeMerchant } from "@/tests/factories";
import { acceptInvitation } from "./accept-invitation";
import { changeMemberRole } from "./change-member-role";
import { findInvitationByToken } from "./find-invitation";
import { hashInvitationToken } from "@/lib/users/invitation-token";
import { invitationForVisitor } from "./invitation-for-visitor";
import { inviteMember } from "./invite-member";
import { listTeam } from "./list-team";
import { leaveBusiness, removeMember } from "./remove-member";
import { revokeInvitation } from "./revoke-invitation";
import { signUpWithInvitation } from "./sign-up-with-invitation";

const BASE = "https://owo.example";
let db: Db;
beforeAll(async () => {
  db = await getDb();
});

const actorOf = (userId: string): Actor => ({ type: "user", userId, ip: "203.0.113.7", userAgent: "vitest team" });
const tokenOf = (link: string) => link.slice(`${BASE}/invite/`.length);
const uniqueEmail = (label: string) => `${label}-${randomBase62(8).toLowerCase()}@example.com`;

async function business() {
  const m = await makeMerchant();
  return { merchantId: m.merchant.id, ownerId: m.owner.id, owner: actorOf(m.owner.id), ownerEmail: m.owner.email };
}

async function makeUser(label = "user") {
  return insertUser(db, { email: uniqueEmail(label), password: "correct horse battery", name: label });
}

/** A user who is a member with `role` (set up directly: the subject here is what comes after). */
async function addMember(merchantId: string, role: Role, label: string = role) {
  const user = await makeUser(label);
  await db.insert(memberships).values({ userId: user.id, merchantId, role });
  return { ...user, actor: actorOf(user.id) };
}

async function roleOf(merchantId: string, userId: string): Promise<Role | null> {
  const [m] = await db
    .select({ role: memberships.role })
    .from(memberships)
    .where(and(eq(memberships.merchantId, merchantId), eq(memberships.userId, userId)));
  return m?.role ?? null;
}

async function ownerCount(merchantId: string): Promise<number> {
  const rows = await db
    .select()
    .from(memberships)
    .where(and(eq(memberships.merchantId, merchantId), eq(memberships.role, "owner")));
  return rows.length;
}

type AuditRow = {
  action: string;
  actor_type: string;
  actor_user_id: string | null;
  target_id: string | null;
  changes: unknown;
  ip: string | null;
  user_agent: string | null;
};
async function auditRows(merchantId: string, action?: string): Promise<AuditRow[]> {
  const rows = await queryRows<AuditRow>(db, sql`select * from audit_log where merchant_id = ${merchantId} order by created_at, id`);
  return action ? rows.filter((r) => r.action === action) : rows;
}

async function tableSnapshot(merchantId: string) {
  const [m, i, a] = await Promise.all([
    queryRows(db, sql`select user_id, role from memberships where merchant_id = ${merchantId} order by user_id`),
    queryRows(db, sql`select id, revoked_at, accepted_at from invitations where merchant_id = ${merchantId} order by id`),
    queryRows(db, sql`select count(*)::int as n from audit_log where merchant_id = ${merchantId}`),
  ]);
  return JSON.stringify({ m, i, a });
}

async function expectRefused(p: Promise<unknown>, message: string | RegExp) {
  await expect(p).rejects.toThrow(message);
}

describe("inviteMember", () => {
  it("an owner invites by email and role: a one-time link to /invite/<token>, valid 7 days, audited as member.invited with the actor", async () => {
    const b = await business();
    const email = uniqueEmail("Invitee").toUpperCase();
    const res = await inviteMember(db, { merchantId: b.merchantId, actor: b.owner, email, role: "viewer", baseUrl: BASE });
    expect(res.link).toMatch(/^https:\/\/owo\.example\/invite\/[A-Za-z0-9_-]{43}$/);
    expect(res.mail).toBe("not_configured");
    expect(res.invitation.email).toBe(email.toLowerCase());
    expect(res.invitation.role).toBe("viewer");
    const days = (res.invitation.expiresAt.getTime() - res.invitation.createdAt.getTime()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThan(7.01);
    const [audit] = await auditRows(b.merchantId, "member.invited");
    expect(audit).toMatchObject({ actor_type: "user", actor_user_id: b.ownerId, target_id: res.invitation.id, ip: "203.0.113.7", user_agent: "vitest team" });
    expect(audit!.changes).toMatchObject({ email: { to: email.toLowerCase() }, role: { to: "viewer" } });
  });

  it("the link's token is not stored in clear: only its SHA-256, and no audit row or team listing holds either", async () => {
    const b = await business();
    const res = await inviteMember(db, { merchantId: b.merchantId, actor: b.owner, email: uniqueEmail("x"), role: "developer", baseUrl: BASE });
    const token = tokenOf(res.link);
    const [row] = await queryRows<Record<string, unknown>>(db, sql`select * from invitations where id = ${res.invitation.id}`);
    for (const [column, value] of Object.entries(row!)) {
      const text = value instanceof Date ? value.toISOString() : (JSON.stringify(value) ?? "");
      expect(text, column).not.toContain(token);
    }
    expect(row!.token_hash).toBe(hashInvitationToken(token));
    const audits = JSON.stringify(await auditRows(b.merchantId));
    expect(audits).not.toContain(token);
    expect(audits).not.toContain(hashInvitationToken(token));
    const team = JSON.stringify(await listTeam(db, { merchantId: b.merchantId }));
    expect(team).not.toContain(token);
    expect(team).not.toContain(hashInvitationToken(token));
    expect(team).toContain(res.invitation.id);
  });

  it("re-inviting an email with an open invitation revokes the old one (its link stops working), audited as invitation.revoked", async () => {
    const b = await business();
    const email = uniqueEmail("again");
    const first = await inviteMember(db, { merchantId: b.merchantId, actor: b.owner, email, role: "viewer", baseUrl: BASE });
    const second = await inviteMember(db, { merchantId: b.merchantId, actor: b.owner, email, role: "developer", baseUrl: BASE });
    expect((await findInvitationByToken(db, tokenOf(first.link)))!.status).toBe("revoked");
    expect((await findInvitationByToken(db, tokenOf(second.link)))!.status).toBe("pending");
    const revoked = await auditRows(b.merchantId, "invitation.revoked");
    expect(revoked.map((r) => r.target_id)).toEqual([first.invitation.id]);
    expect(revoked[0]!.actor_user_id).toBe(b.ownerId);
    const team = await listTeam(db, { merchantId: b.merchantId });
    expect(team.invitations.map((i) => i.id)).toEqual([second.invitation.id]);
  });

  it("only an owner may invite: a developer and a viewer are refused and nothing changes", async () => {
    const b = await business();
    const dev = await addMember(b.merchantId, "developer");
    const viewer = await addMember(b.merchantId, "viewer");
    const before = await tableSnapshot(b.merchantId);
    for (const m of [dev, viewer]) {
      await expectRefused(
        inviteMember(db, { merchantId: b.merchantId, actor: m.actor, email: uniqueEmail("n"), role: "owner", baseUrl: BASE }),
        "Your role does not allow this action.",
      );
    }
    // An owner of another business is not an owner here.
    const other = await business();
    await expectRefused(
      inviteMember(db, { merchantId: b.merchantId, actor: other.owner, email: uniqueEmail("n"), role: "viewer", baseUrl: BASE }),
      "Your role does not allow this action.",
    );
    expect(await tableSnapshot(b.merchantId)).toBe(before);
  });

  it("inviting someone who is already a member is refused; a bad email or role is a validation error", async () => {
    const b = await business();
    const dev = await addMember(b.merchantId, "developer");
    await expectRefused(inviteMember(db, { merchantId: b.merchantId, actor: b.owner, email: dev.email, role: "viewer", baseUrl: BASE }), "already a member");
    await expectRefused(
      inviteMember(db, { merchantId: b.merchantId, actor: b.owner, email: "not-an-email", role: "viewer", baseUrl: BASE }),
      "Validation error",
    );
    await expectRefused(
      inviteMember(db, { merchantId: b.merchantId, actor: b.owner, email: uniqueEmail("r"), role: "admin", baseUrl: BASE }),
      "Validation error",
    );
  });
});

describe("acceptInvitation", () => {
  it("the invited email accepts: a membership with the invited role, the link is used up, audited as invitation.accepted by the invitee", async () => {
    const b = await business();
    const invitee = await makeUser("invitee");
    const res = await inviteMember(db, { merchantId: b.merchantId, actor: b.owner, email: invitee.email.toUpperCase(), role: "developer", baseUrl: BASE });
    const joined = await acceptInvitation(db, { token: tokenOf(res.link), actor: actorOf(invitee.id) });
    expect(joined).toMatchObject({ merchantId: b.merchantId, role: "developer" });
    expect(await roleOf(b.merchantId, invitee.id)).toBe("developer");
    const [inv] = await db.select().from(invitations).where(eq(invitations.id, res.invitation.id));
    expect(inv!.acceptedAt).not.toBeNull();
    expect(inv!.acceptedByUserId).toBe(invitee.id);
    const [audit] = await auditRows(b.merchantId, "invitation.accepted");
    expect(audit).toMatchObject({ actor_type: "user", actor_user_id: invitee.id, target_id: res.invitation.id });
    expect(JSON.stringify(audit)).not.toContain(tokenOf(res.link));
    // Single use: the same link again is refused.
    await expectRefused(acceptInvitation(db, { token: tokenOf(res.link), actor: actorOf(invitee.id) }), "already been used");
  });

  it("a user signed in with another email is refused with a message naming both, and nothing changes", async () => {
    const b = await business();
    const res = await inviteMember(db, { merchantId: b.merchantId, actor: b.owner, email: uniqueEmail("right"), role: "viewer", baseUrl: BASE });
    const wrong = await makeUser("wrong");
    const before = await tableSnapshot(b.merchantId);
    await expectRefused(acceptInvitation(db, { token: tokenOf(res.link), actor: actorOf(wrong.id) }), `you are signed in as ${wrong.email}`);
    expect(await tableSnapshot(b.merchantId)).toBe(before);
    expect(await roleOf(b.merchantId, wrong.id)).toBeNull();
  });

  it("an expired, revoked or unknown link is refused with its own message", async () => {
    const b = await business();
    const invitee = await makeUser("late");
    const longAgo = new Date(Date.now() - 8 * 86_400_000);
    const expired = await inviteMember(db, { merchantId: b.merchantId, actor: b.owner, email: invitee.email, role: "viewer", baseUrl: BASE, now: longAgo });
    await expectRefused(acceptInvitation(db, { token: tokenOf(expired.link), actor: actorOf(invitee.id) }), "This invitation has expired");
    const revoked = await inviteMember(db, { merchantId: b.merchantId, actor: b.owner, email: invitee.email, role: "viewer", baseUrl: BASE });
    await revokeInvitation(db, { merchantId: b.merchantId, actor: b.owner, invitationId: revoked.invitation.id });
    await expectRefused(acceptInvitation(db, { token: tokenOf(revoked.link), actor: actorOf(invitee.id) }), "This invitation was revoked");
    await expectRefused(acceptInvitation(db, { token: "A".repeat(43), actor: actorOf(invitee.id) }), "not valid");
    await expectRefused(acceptInvitation(db, { token: "../../etc", actor: actorOf(invitee.id) }), "not valid");
    expect(await roleOf(b.merchantId, invitee.id)).toBeNull();
  });

  it("someone already a member is refused (their role is not changed by the link)", async () => {
    const b = await business();
    const res = await inviteMember(db, { merchantId: b.merchantId, actor: b.owner, email: uniqueEmail("twice"), role: "owner", baseUrl: BASE });
    const [found] = await db.select({ email: invitations.email }).from(invitations).where(eq(invitations.id, res.invitation.id));
    // They joined some other way (e.g. an earlier link) after this invitation was sent.
    const user = await insertUser(db, { email: found!.email, password: "correct horse battery" });
    await db.insert(memberships).values({ userId: user.id, merchantId: b.merchantId, role: "viewer" });
    await expectRefused(acceptInvitation(db, { token: tokenOf(res.link), actor: actorOf(user.id) }), "You are already a member of");
    expect(await roleOf(b.merchantId, user.id)).toBe("viewer");
    expect((await findInvitationByToken(db, tokenOf(res.link)))!.status).toBe("pending");
  });

  it("two accepts of the same link at once: exactly one succeeds (single use under a row lock)", async () => {
    const b = await business();
    const invitee = await makeUser("race");
    const res = await inviteMember(db, { merchantId: b.merchantId, actor: b.owner, email: invitee.email, role: "viewer", baseUrl: BASE });
    const results = await Promise.allSettled([1, 2, 3].map(() => acceptInvitation(db, { token: tokenOf(res.link), actor: actorOf(invitee.id) })));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(await auditRows(b.merchantId, "invitation.accepted")).toHaveLength(1);
  });

  it("sign-up through the link: the account gets the invited email (not one the form chose) and joins with the role; no business of its own", async () => {
    const b = await business();
    const email = uniqueEmail("newcomer");
    const res = await inviteMember(db, { merchantId: b.merchantId, actor: b.owner, email, role: "viewer", baseUrl: BASE });
    const joined = await signUpWithInvitation(db, {
      token: tokenOf(res.link),
      name: "New Comer",
      password: "a long password",
      actor: { type: "user", ip: "198.51.100.2", userAgent: "ua" },
    });
    expect(joined).toMatchObject({ email, merchantId: b.merchantId });
    const rows = await queryRows<{ user_id: string; merchant_id: string; role: string }>(
      db,
      sql`select m.* from memberships m join users u on u.id = m.user_id where u.email = ${email}`,
    );
    expect(rows).toEqual([expect.objectContaining({ merchant_id: b.merchantId, role: "viewer" })]);
    const [audit] = await auditRows(b.merchantId, "invitation.accepted");
    expect(audit).toMatchObject({ actor_type: "user", actor_user_id: rows[0]!.user_id, ip: "198.51.100.2" });
    expect(JSON.stringify(audit)).not.toContain("a long password");
    // The link is used: a second sign-up through it is refused and creates no account.
    await expectRefused(
      signUpWithInvitation(db, { token: tokenOf(res.link), name: "Other", password: "a long password", actor: { type: "user" } }),
      /already exists|already been used/,
    );
  });

  it("sign-up through an expired link creates no account", async () => {
    const b = await business();
    const email = uniqueEmail("tooLate");
    const res = await inviteMember(db, {
      merchantId: b.merchantId,
      actor: b.owner,
      email,
      role: "viewer",
      baseUrl: BASE,
      now: new Date(Date.now() - 8 * 86_400_000),
    });
    await expectRefused(signUpWithInvitation(db, { token: tokenOf(res.link), name: "Late", password: "a long password", actor: { type: "user" } }), "expired");
    expect(await queryRows(db, sql`select id from users where email = ${email.toLowerCase()}`)).toHaveLength(0);
  });
});

describe("revokeInvitation", () => {
  it("only an owner revokes; audited as invitation.revoked with the actor", async () => {
    const b = await business();
    const dev = await addMember(b.merchantId, "developer");
    const res = await inviteMember(db, { merchantId: b.merchantId, actor: b.owner, email: uniqueEmail("rv"), role: "viewer", baseUrl: BASE });
    await expectRefused(
      revokeInvitation(db, { merchantId: b.merchantId, actor: dev.actor, invitationId: res.invitation.id }),
      "Your role does not allow this action.",
    );
    expect((await findInvitationByToken(db, tokenOf(res.link)))!.status).toBe("pending");
    await revokeInvitation(db, { merchantId: b.merchantId, actor: b.owner, invitationId: res.invitation.id });
    const audits = await auditRows(b.merchantId, "invitation.revoked");
    expect(audits).toEqual([expect.objectContaining({ actor_user_id: b.ownerId, target_id: res.invitation.id })]);
    // Another business's owner cannot reach it.
    const other = await business();
    await expectRefused(revokeInvitation(db, { merchantId: other.merchantId, actor: other.owner, invitationId: res.invitation.id }), "Invitation not found.");
  });
});

describe("changeMemberRole and removeMember", () => {
  it("an owner changes a role: audited as member.role_changed with from/to and the actor", async () => {
    const b = await business();
    const viewer = await addMember(b.merchantId, "viewer");
    const res = await changeMemberRole(db, { merchantId: b.merchantId, actor: b.owner, userId: viewer.id, role: "developer" });
    expect(res.changed).toBe(true);
    expect(await roleOf(b.merchantId, viewer.id)).toBe("developer");
    const [audit] = await auditRows(b.merchantId, "member.role_changed");
    expect(audit).toMatchObject({ actor_user_id: b.ownerId, target_id: viewer.id });
    expect(audit!.changes).toMatchObject({ role: { from: "viewer", to: "developer" }, email: { to: viewer.email } });
  });

  it("only an owner changes roles or removes members: a developer or viewer is refused and nothing changes", async () => {
    const b = await business();
    const dev = await addMember(b.merchantId, "developer");
    const viewer = await addMember(b.merchantId, "viewer");
    const before = await tableSnapshot(b.merchantId);
    for (const m of [dev, viewer]) {
      await expectRefused(
        changeMemberRole(db, { merchantId: b.merchantId, actor: m.actor, userId: m.id, role: "owner" }),
        "Your role does not allow this action.",
      );
      await expectRefused(
        changeMemberRole(db, { merchantId: b.merchantId, actor: m.actor, userId: b.ownerId, role: "viewer" }),
        "Your role does not allow this action.",
      );
      await expectRefused(removeMember(db, { merchantId: b.merchantId, actor: m.actor, userId: b.ownerId }), "Your role does not allow this action.");
    }
    expect(await tableSnapshot(b.merchantId)).toBe(before);
  });

  it("an owner removes a member: audited as member.removed; a non-member is not found", async () => {
    const b = await business();
    const viewer = await addMember(b.merchantId, "viewer");
    await removeMember(db, { merchantId: b.merchantId, actor: b.owner, userId: viewer.id });
    expect(await roleOf(b.merchantId, viewer.id)).toBeNull();
    const [audit] = await auditRows(b.merchantId, "member.removed");
    expect(audit).toMatchObject({ actor_user_id: b.ownerId, target_id: viewer.id });
    expect(audit!.changes).toMatchObject({ role: { from: "viewer", to: null } });
    await expectRefused(removeMember(db, { merchantId: b.merchantId, actor: b.owner, userId: viewer.id }), "Member not found.");
  });
});

describe("the last-owner rule", () => {
  it("the last owner cannot be demoted, removed or leave: 'A business needs at least one owner.' and nothing changes", async () => {
    const b = await business();
    await addMember(b.merchantId, "developer");
    const before = await tableSnapshot(b.merchantId);
    await expectRefused(
      changeMemberRole(db, { merchantId: b.merchantId, actor: b.owner, userId: b.ownerId, role: "developer" }),
      "A business needs at least one owner.",
    );
    await expectRefused(removeMember(db, { merchantId: b.merchantId, actor: b.owner, userId: b.ownerId }), "A business needs at least one owner.");
    await expectRefused(leaveBusiness(db, { merchantId: b.merchantId, actor: b.owner }), "A business needs at least one owner.");
    expect(await tableSnapshot(b.merchantId)).toBe(before);
    expect(await ownerCount(b.merchantId)).toBe(1);
  });

  it("with two owners one may be demoted or leave, then the other is the last", async () => {
    const b = await business();
    const second = await addMember(b.merchantId, "owner", "second");
    await changeMemberRole(db, { merchantId: b.merchantId, actor: second.actor, userId: b.ownerId, role: "viewer" });
    expect(await ownerCount(b.merchantId)).toBe(1);
    await expectRefused(leaveBusiness(db, { merchantId: b.merchantId, actor: second.actor }), "A business needs at least one owner.");
    // The demoted first owner leaves as a viewer: audited as member.left.
    await leaveBusiness(db, { merchantId: b.merchantId, actor: b.owner });
    const [left] = await auditRows(b.merchantId, "member.left");
    expect(left).toMatchObject({ actor_user_id: b.ownerId, target_id: b.ownerId });
    expect(left!.changes).toMatchObject({ role: { from: "viewer", to: null } });
  });

  it("two owners demoting each other at the same time never leave the business without an owner", async () => {
    for (let round = 0; round < 8; round++) {
      const b = await business();
      const second = await addMember(b.merchantId, "owner", "second");
      const results = await Promise.allSettled([
        changeMemberRole(db, { merchantId: b.merchantId, actor: b.owner, userId: second.id, role: "developer" }),
        changeMemberRole(db, { merchantId: b.merchantId, actor: second.actor, userId: b.ownerId, role: "developer" }),
      ]);
      expect(await ownerCount(b.merchantId)).toBe(1);
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
      const refused = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
      // The loser acts after the winner committed: no longer an owner (or the last one).
      expect(String(refused.reason.message)).toMatch(/Your role does not allow this action\.|A business needs at least one owner\./);
      expect(await auditRows(b.merchantId, "member.role_changed")).toHaveLength(1);
    }
  });

  it("two owners removing each other, or both leaving, at the same time keep one owner", async () => {
    for (let round = 0; round < 4; round++) {
      const b = await business();
      const second = await addMember(b.merchantId, "owner", "second");
      await Promise.allSettled([
        removeMember(db, { merchantId: b.merchantId, actor: b.owner, userId: second.id }),
        removeMember(db, { merchantId: b.merchantId, actor: second.actor, userId: b.ownerId }),
      ]);
      expect(await ownerCount(b.merchantId)).toBe(1);

      const c = await business();
      const other = await addMember(c.merchantId, "owner", "other");
      const left = await Promise.allSettled([
        leaveBusiness(db, { merchantId: c.merchantId, actor: c.owner }),
        leaveBusiness(db, { merchantId: c.merchantId, actor: other.actor }),
      ]);
      expect(left.filter((r) => r.status === "fulfilled")).toHaveLength(1);
      expect(await ownerCount(c.merchantId)).toBe(1);
    }
  });
});

describe("listTeam", () => {
  it("lists members owners first and open invitations (with expired ones marked), never tokens", async () => {
    const b = await business();
    const viewer = await addMember(b.merchantId, "viewer");
    const dev = await addMember(b.merchantId, "developer");
    const open = await inviteMember(db, { merchantId: b.merchantId, actor: b.owner, email: uniqueEmail("open"), role: "viewer", baseUrl: BASE });
    const old = await inviteMember(db, {
      merchantId: b.merchantId,
      actor: b.owner,
      email: uniqueEmail("old"),
      role: "viewer",
      baseUrl: BASE,
      now: new Date(Date.now() - 8 * 86_400_000),
    });
    const team = await listTeam(db, { merchantId: b.merchantId });
    expect(team.members.map((m) => m.userId)).toEqual([b.ownerId, dev.id, viewer.id]);
    expect(team.members.map((m) => m.onlyOwner)).toEqual([true, false, false]);
    const byId = Object.fromEntries(team.invitations.map((i) => [i.id, i]));
    expect(byId[open.invitation.id]).toMatchObject({ status: "pending", invitedBy: b.ownerEmail });
    expect(byId[old.invitation.id]).toMatchObject({ status: "expired" });
  });
});

describe("invitationForVisitor", () => {
  it("offers what acceptInvitation allows: sign up, sign in, accept, wrong account, already member, closed, invalid", async () => {
    const b = await business();
    const existing = await makeUser("existing");
    const forNew = await inviteMember(db, { merchantId: b.merchantId, actor: b.owner, email: uniqueEmail("new"), role: "viewer", baseUrl: BASE });
    const forExisting = await inviteMember(db, { merchantId: b.merchantId, actor: b.owner, email: existing.email, role: "developer", baseUrl: BASE });
    const token = tokenOf(forExisting.link);
    expect((await invitationForVisitor(db, { token: tokenOf(forNew.link), userId: null })).kind).toBe("sign_up");
    expect((await invitationForVisitor(db, { token, userId: null })).kind).toBe("sign_in");
    expect(await invitationForVisitor(db, { token, userId: b.ownerId })).toMatchObject({ kind: "wrong_account", signedInEmail: b.ownerEmail });
    expect((await invitationForVisitor(db, { token, userId: existing.id })).kind).toBe("accept");
    await db.insert(memberships).values({ userId: existing.id, merchantId: b.merchantId, role: "viewer" });
    expect(await invitationForVisitor(db, { token, userId: existing.id })).toMatchObject({ kind: "already_member", role: "viewer" });
    await revokeInvitation(db, { merchantId: b.merchantId, actor: b.owner, invitationId: forExisting.invitation.id });
    expect(await invitationForVisitor(db, { token, userId: existing.id })).toMatchObject({ kind: "closed", signedIn: true, inv: { status: "revoked" } });
    expect(await invitationForVisitor(db, { token: "not-a-token", userId: null })).toEqual({ kind: "invalid" });
  });
});
