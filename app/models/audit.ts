import { z } from "zod";

export const AuditEntry = z.object({
  id: z.number().int(),
  admin_user_id: z.number().int().nullable(),
  admin_username: z.string().nullable(),
  action: z.string(),
  entity: z.string(),
  entity_id: z.string(),
  before: z.unknown().nullable().describe("the changed fields before the change (any JSON value)"),
  after: z.unknown().nullable().describe("the changed fields after the change (any JSON value)"),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;


