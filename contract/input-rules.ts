/** a whole text with none of them (the zod helper `text` checks it and documents it as its pattern) */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
export const TEXT_PATTERN = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]*$/;

/** "Search must not contain control characters (such as NUL)" */
export const noControlCharacters = (label: string) => `${label} must not contain control characters (such as NUL)`;

/**
 * The calendar days a date field takes: the columns hold more, but a year outside these is a typo
 * (and year 0001 in India time is year 0000 in UTC, which PostgreSQL has not).
 */
export const FIRST_DAY = "1900-01-01";
export const LAST_DAY = "2999-12-31";
export const DAY_OUT_OF_RANGE = `Use a date between ${FIRST_DAY} and ${LAST_DAY}`;

/** Whether a "YYYY-MM-DD" text is within FIRST_DAY … LAST_DAY (the format is checked apart). */
export const isDayInRange = (day: string) => day >= FIRST_DAY && day <= LAST_DAY;

/** Integer columns: record ids and counts are int4; money in paise and sizes are bigint. */
export const INT4_MAX = 2_147_483_647;
