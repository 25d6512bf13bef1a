import { z } from "zod";

export const AuditEntry = z.object({
  id: z.number().int(),
  admin_user_id: z.number().int().nullable(),
  admin_username: z.string().nullable(),
  action: z.string(),
  entity: z.string(),
  entity_id: z.string(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

/** GET /dashboard-stats: counts that exist so far; later areas add keys. */
export const DashboardStats = z.object({
  categories: z.number().int(),
  subCategories: z.number().int(),
  faqs: z.number().int(),
  adminUsers: z.number().int(),
  activeAdminUsers: z.number().int(),
}).passthrough();
export type DashboardStats = z.infer<typeof DashboardStats>;
