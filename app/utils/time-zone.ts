/** What only the admin uses of ~shared/time-zone (the shared part stays in shared/time-zone.ts). */

export const TIME_ZONE_NOTE = "Times in India Standard Time (IST).";
