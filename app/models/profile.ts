/** What only the admin uses of ~contract/profile (the shared part stays in contract/profile.ts). */
import type { AccessName } from "~contract/access";
import type { AdminUser } from "~contract/admin-users";
import type { TwoFactorCardData } from "./two-factor";

/** One place this admin is signed in, as "Signed-in sessions" lists it. */
export type SignedInSessionRow = {
  sessionId: number;
  device: string;
  userAgent: string;
  address: string;
  signedIn: string;
  lastActive: string;
  current: boolean;
};

export type ProfilePageData = {
  /** one page of them (most recently used first); null when the API could not list them */
  sessions: SignedInSessionRow[] | null;
  /** which page (?sessions_page=) and how many sessions there are in all */
  sessionPaging: { page: number; pageSize: number; total: number };
  username: string;
  email: string;
  role: AdminUser["adminRole"];
  status: AdminUser["adminStatus"];
  /** null for all access ("*") */
  access: AccessName[] | null;
  appearance: AdminUser["appearance"];
  twoFactor: TwoFactorCardData;
};

/** the Profile URL's key of the sessions list's page */
export const SESSIONS_PAGE_PARAM = "sessions_page";
