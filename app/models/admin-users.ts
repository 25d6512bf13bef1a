/** What only the admin uses of ~contract/admin-users (the shared part stays in contract/admin-users.ts). */
import { APPEARANCES } from "~contract/admin-users";

export type Appearance = (typeof APPEARANCES)[number];
