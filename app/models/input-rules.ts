/** What only the admin uses of ~contract/input-rules (the shared part stays in contract/input-rules.ts). */

/**
 * What any text, date or number the admin or the API takes must be, whatever the field: one copy
 * for the zod helpers (./api.ts, ./ids.ts, ./list-query-schema.ts), the admin's URL readers and
 * the API's guard. No zod here (pages' browser bundles may import it).
 */

/**
 * Control characters no field holds: C0 except tab, line feed and carriage return, and DEL.
 * NUL cannot be stored at all (PostgreSQL refuses it in text); the others are never typed.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
export const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

export const hasControlCharacters = (value: string) => CONTROL_CHARACTERS.test(value);
export const BIGINT_MAX = 9_223_372_036_854_775_807n;
