/**
 * The demo admin accounts the seed creates (one per role, with different access lists).
 * Tests and `npm start` read them from here. Demo only: never use these outside a local demo.
 */
export const DEMO_ADMINS = {
  admin: { password: "Admin@12345", role: "Admin", status: "Active", access: ["*"], email: "admin@marketplace.test" },
  support: {
    password: "Support@12345",
    role: "Support",
    status: "Active",
    access: ["Category", "ServiceProvider", "Documents", "Bookings", "User", "Contacts", "QueryMessage"],
    email: "support@marketplace.test",
  },
  catalog: { password: "Catalog@12345", role: "Support", status: "Active", access: ["Category"], email: "catalog@marketplace.test" },
  viewer: { password: "Viewer@12345", role: "Support", status: "Active", access: [], email: "viewer@marketplace.test" },
  technical: {
    password: "Technical@12345",
    role: "Technical",
    status: "Inactive",
    access: ["Settings", "S3BucketManager"],
    email: "technical@marketplace.test",
  },
  blocked: { password: "Blocked@12345", role: "Support", status: "Block", access: ["Category"], email: "blocked@marketplace.test" },
  // the second pair of hands for releases at or above the two-person threshold (issue 34)
  finance: {
    password: "Finance@12345",
    role: "Admin",
    status: "Active",
    access: ["Payment", "BankDetails"],
    email: "finance@marketplace.test",
  },
} as const;

export type DemoAdminName = keyof typeof DEMO_ADMINS;
