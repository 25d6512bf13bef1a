/**
 * The demo provider accounts (provider sign-in, /provider/login). `npm start` prints them and tests
 * read them from here. Demo only: never use these outside a local demo.
 *
 * - fresh: a provider who has just signed up (not registered): the wizard opens in create mode.
 * - registered: one of the seeded demo providers (registered, every wizard section saved), given a
 *   password: the wizard opens in edit mode and the dashboard shows a full profile.
 */
export const DEMO_PROVIDER_PASSWORD = "Provider@12345";

export const DEMO_PROVIDERS = {
  fresh: {
    username: "demo.provider",
    firstName: "Demo",
    lastName: "Provider",
    email: "demo.provider@marketplace.test",
    phone: "+91 9876543210",
  },
  registered: { username: "aarav.sharma1" },
} as const;

export type DemoProviderName = keyof typeof DEMO_PROVIDERS;
