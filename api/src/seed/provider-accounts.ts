/**
 * Provider sign-in's demo accounts (./demo-providers.ts): the fresh, unregistered "demo.provider"
 * (dated before every other demo provider, so the admin's lists open as they did), and a password
 * on the registered demo provider.
 */
import { eq } from "drizzle-orm";
import { NEW_PROVIDER_STAGE } from "~contract/provider-auth-labels";
import { serviceProviders, users } from "../db/schema";
import type { Tx } from "../lib/audit";
import { hashPassword } from "../lib/password";
import { DEMO_PROVIDER_PASSWORD, DEMO_PROVIDERS } from "./demo-providers";

const DAY = 86_400_000;

export async function seedDemoProviderAccounts(tx: Tx, base: Date, salt: () => Buffer) {
  const created = new Date(base.getTime() - 3 * 365 * DAY);
  const fresh = DEMO_PROVIDERS.fresh;
  const [user] = await tx
    .insert(users)
    .values({ ...fresh, password_hash: await hashPassword(DEMO_PROVIDER_PASSWORD, salt()), created_at: created, updated_at: created })
    .returning({ id: users.id });
  await tx
    .insert(serviceProviders)
    .values({ user_id: user.id, stage: NEW_PROVIDER_STAGE, registered_at: null, created_at: created, updated_at: created });
  const updated = await tx
    .update(users)
    .set({ password_hash: await hashPassword(DEMO_PROVIDER_PASSWORD, salt()) })
    .where(eq(users.username, DEMO_PROVIDERS.registered.username))
    .returning({ id: users.id });
  if (updated.length !== 1) throw new Error(`the registered demo provider ${DEMO_PROVIDERS.registered.username} is not in the demo data`);
}
