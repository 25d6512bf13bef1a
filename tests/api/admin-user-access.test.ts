import { describe, expect, it } from "vitest";
import {
  ACCESS_RULE_MESSAGES as M,
  adminChangeRefusal,
  adminDeleteRefusal,
  grantedBy,
  type AccessHolder,
} from "~contract/admin-user-access";
import { grantableFor } from "../../app/models/admin-user-access";
import { ACCESS_NAMES } from "~contract/access";

// the pure rule of app/models/admin-user-access.ts (no database): who may give what to whom
const ROOT = { adminUserId: 1, adminAccessRoleSettings: ["*"] };
const MANAGER = { adminUserId: 2, adminAccessRoleSettings: ["AdminUsers", "Bookings"] };
const holder = (access: string[], extra: Partial<AccessHolder> = {}): AccessHolder => ({
  adminStatus: "Active",
  adminRole: "Support",
  adminAccessRoleSettings: access,
  ...extra,
});
const edit = (actor: typeof ROOT, targetId: number, before: AccessHolder, after: Partial<AccessHolder>, setsPassword = false) =>
  adminChangeRefusal(actor, { targetId, before, after: { ...before, ...after }, setsPassword });

describe("grantedBy", () => {
  it("counts new areas, new All Access and a new Admin role; activation grants all they hold", () => {
    expect(grantedBy(holder(["Bookings"]), holder(["Bookings", "Payment"]))).toEqual({
      allAccess: false,
      adminRole: false,
      areas: ["Payment"],
      byActivation: false,
    });
    expect(grantedBy(holder(["Bookings"]), holder(["*"])).allAccess).toBe(true);
    expect(grantedBy(holder(["*"]), holder(["*"])).allAccess).toBe(false);
    expect(grantedBy(holder(["Bookings"]), holder(["Bookings"], { adminRole: "Admin" })).adminRole).toBe(true);
    expect(grantedBy(holder(["Bookings", "Payment"]), holder(["Bookings"]))).toMatchObject({
      areas: [],
      allAccess: false,
      adminRole: false,
    });
    expect(grantedBy(holder(["Payment"], { adminStatus: "Block" }), holder(["Payment"]))).toMatchObject({
      areas: ["Payment"],
      byActivation: true,
    });
    expect(grantedBy(null, holder([], { adminStatus: "Inactive" }))).toMatchObject({ areas: [], allAccess: false, adminRole: false });
  });
});

describe("adminChangeRefusal", () => {
  it("the issue's escalation: an Admin Users admin cannot give themselves All Access or the Admin role", () => {
    const me = holder(["AdminUsers", "Bookings"]);
    expect(edit(MANAGER, 2, me, { adminAccessRoleSettings: ["*"] })).toEqual({ message: M.selfWiden, field: "adminAccessRoleSettings" });
    expect(edit(MANAGER, 2, me, { adminRole: "Admin" })).toEqual({ message: M.selfWiden, field: "adminRole" });
    expect(edit(MANAGER, 2, me, { adminAccessRoleSettings: ["AdminUsers", "Bookings", "Payment"] })?.message).toBe(M.selfWiden);
    // narrowing their own access, or an email, is theirs to do
    expect(edit(MANAGER, 2, me, { adminAccessRoleSettings: ["AdminUsers"] })).toBeNull();
    expect(edit(MANAGER, 2, me, { adminRole: "Technical" })).toBeNull();
  });

  it("even an All Access admin widens nothing of their own", () => {
    expect(edit(ROOT, 1, holder(["*"]), { adminRole: "Admin" })).toEqual({ message: M.selfWiden, field: "adminRole" });
    expect(edit(ROOT, 1, holder(["*"], { adminRole: "Admin" }), { adminAccessRoleSettings: ["Bookings"] })).toBeNull();
  });

  it("only an admin with All Access grants All Access or the Admin role", () => {
    const other = holder(["Bookings"]);
    expect(edit(MANAGER, 9, other, { adminAccessRoleSettings: ["*"] })).toEqual({
      message: M.allAccessGrants,
      field: "adminAccessRoleSettings",
    });
    expect(edit(MANAGER, 9, other, { adminRole: "Admin" })).toEqual({ message: M.allAccessGrants, field: "adminRole" });
    expect(adminChangeRefusal(MANAGER, { targetId: null, before: null, after: holder(["*"], { adminStatus: "Inactive" }) })?.message).toBe(
      M.allAccessGrants,
    );
    expect(edit(ROOT, 9, other, { adminAccessRoleSettings: ["*"], adminRole: "Admin" })).toBeNull();
    // an Admin already is no grant: their email can change
    expect(edit(MANAGER, 9, holder(["Bookings"], { adminRole: "Admin" }), { adminAccessRoleSettings: [] })).toBeNull();
  });

  it("an admin grants only areas they hold themselves; taking any away is fine", () => {
    expect(edit(MANAGER, 9, holder(["Bookings"]), { adminAccessRoleSettings: ["Bookings", "Payment", "Settings"] })).toEqual({
      message: M.areasNotHeld(["Settings", "Payments"]),
      field: "adminAccessRoleSettings",
    });
    expect(edit(MANAGER, 9, holder([]), { adminAccessRoleSettings: ["Bookings", "AdminUsers"] })).toBeNull();
    expect(edit(MANAGER, 9, holder(["Payment", "Settings"]), { adminAccessRoleSettings: ["Payment"] })).toBeNull();
    expect(adminChangeRefusal(MANAGER, { targetId: null, before: null, after: holder(["Payment"]) })?.message).toBe(
      M.areasNotHeld(["Payments"]),
    );
  });

  it("making an Inactive or Blocked admin Active grants what they hold", () => {
    expect(edit(MANAGER, 9, holder(["Payment"], { adminStatus: "Block" }), { adminStatus: "Active" })).toEqual({
      message: M.areasNotHeld(["Payments"]),
      field: "adminStatus",
    });
    expect(edit(MANAGER, 9, holder(["Bookings"], { adminStatus: "Block", adminRole: "Admin" }), { adminStatus: "Active" })).toEqual({
      message: M.allAccessGrants,
      field: "adminStatus",
    });
    expect(edit(MANAGER, 9, holder(["Bookings"], { adminStatus: "Inactive" }), { adminStatus: "Active" })).toBeNull();
    expect(edit(MANAGER, 9, holder(["Payment"]), { adminStatus: "Block" })).toBeNull();
  });

  it("an admin who has All Access is changed only by an admin with All Access", () => {
    expect(edit(MANAGER, 1, holder(["*"]), { adminStatus: "Block" })).toEqual({ message: M.allAccessTarget, field: null });
    expect(edit(MANAGER, 1, holder(["*"], { adminStatus: "Inactive" }), { adminEmail: "x" } as Partial<AccessHolder>)?.message).toBe(
      M.allAccessTarget,
    );
    expect(edit(ROOT, 3, holder(["*"]), { adminStatus: "Block" })).toBeNull();
  });

  it("another admin's password: All Access only; one's own: the Profile page", () => {
    expect(edit(MANAGER, 9, holder(["Bookings"]), {}, true)).toEqual({ message: M.passwordNeedsAllAccess, field: "adminPassword" });
    expect(edit(ROOT, 1, holder(["*"]), {}, true)).toEqual({ message: M.ownPassword, field: "adminPassword" });
    expect(edit(ROOT, 9, holder(["Bookings"]), {}, true)).toBeNull();
  });

  it("needs Admin Users access at all", () => {
    const support = { adminUserId: 5, adminAccessRoleSettings: ["User", "Bookings"] };
    expect(edit(support, 9, holder(["Bookings"]), { adminRole: "Technical" })).toEqual({ message: M.needsAdminUsers, field: null });
    expect(adminDeleteRefusal(support, holder(["Bookings"]))).toBe(M.needsAdminUsers);
  });
});

describe("adminDeleteRefusal", () => {
  it("an admin who has All Access is deleted only by an admin with All Access", () => {
    expect(adminDeleteRefusal(MANAGER, holder(["*"], { adminStatus: "Block" }))).toBe(M.allAccessTarget);
    expect(adminDeleteRefusal(MANAGER, holder(["Payment", "Settings"]))).toBeNull();
    expect(adminDeleteRefusal(ROOT, holder(["*"]))).toBeNull();
  });
});

describe("grantableFor (what the form offers)", () => {
  it("offers an All Access admin everything for others, and nothing new for themselves", () => {
    expect(grantableFor(ROOT, { adminUserId: 9, ...holder(["Bookings"]) })).toEqual({
      allAccess: true,
      adminRole: true,
      areas: [...ACCESS_NAMES],
      password: true,
      self: false,
    });
    expect(grantableFor(ROOT, null)).toMatchObject({ allAccess: true, adminRole: true, password: false });
    expect(grantableFor(ROOT, { adminUserId: 1, ...holder(["*"]) })).toEqual({
      allAccess: true,
      adminRole: false,
      areas: [...ACCESS_NAMES],
      password: false,
      self: true,
    });
  });

  it("offers an Admin Users admin their own areas plus what the admin user already has", () => {
    expect(grantableFor(MANAGER, { adminUserId: 9, ...holder(["Payment"]) })).toEqual({
      allAccess: false,
      adminRole: false,
      areas: ["AdminUsers", "Bookings", "Payment"],
      password: false,
      self: false,
    });
    expect(grantableFor(MANAGER, { adminUserId: 2, ...holder(["AdminUsers", "Bookings"]) })).toMatchObject({
      allAccess: false,
      adminRole: false,
      areas: ["AdminUsers", "Bookings"],
      self: true,
    });
    expect(grantableFor(MANAGER, { adminUserId: 9, ...holder(["Bookings"], { adminRole: "Admin" }) }).adminRole).toBe(true);
  });
});
