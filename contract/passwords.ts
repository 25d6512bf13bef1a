/**
 * The password rule every admin password follows (a new admin user, a changed one, Profile's own
 * change): at least 10 characters with a letter and a digit, at most 200. No zod here: the strength
 * meter runs in the browser (the schema built on it is in ./password-schema).
 */
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 200;
export const PASSWORD_REQUIRED = "Please input password!";
export const PASSWORD_TOO_SHORT = `Password must be at least ${PASSWORD_MIN_LENGTH} characters`;
export const PASSWORD_NEEDS_MIX = "Password must contain at least one letter and one digit";
export const PASSWORD_TOO_LONG = `Password must be at most ${PASSWORD_MAX_LENGTH} characters`;

/** Why a new password is refused, or null when it meets the rule. */
export function passwordProblem(password: string): string | null {
  if (password.length === 0) return PASSWORD_REQUIRED;
  if (password.length < PASSWORD_MIN_LENGTH) return PASSWORD_TOO_SHORT;
  if (password.length > PASSWORD_MAX_LENGTH) return PASSWORD_TOO_LONG;
  if (!/\p{L}/u.test(password) || !/\p{N}/u.test(password)) return PASSWORD_NEEDS_MIX;
  return null;
}
