/**
 * The password rule every admin password follows (a new admin user, a changed one, Profile's own
 * change): at least 10 characters with a letter and a digit, at most 200. No zod here: the strength
 * meter runs in the browser (the schema built on it is in ./password-schema).
 */
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 200;
export const PASSWORD_RULE = `At least ${PASSWORD_MIN_LENGTH} characters, with at least one letter and one digit.`;
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

export const STRENGTH_LABELS = ["Too weak", "Weak", "Fair", "Good", "Strong"] as const;

/**
 * The meter beside a new password (0-4): 0 while the rule is not met; then longer passwords and
 * more kinds of characters (lower case, upper case, digits, symbols) score higher.
 */
export function passwordStrength(password: string): { score: number; label: (typeof STRENGTH_LABELS)[number] } {
  if (passwordProblem(password)) return { score: 0, label: STRENGTH_LABELS[0] };
  const kinds = [/\p{Ll}/u, /\p{Lu}/u, /\p{N}/u, /[^\p{L}\p{N}]/u].filter((re) => re.test(password)).length;
  let score = 1;
  if (password.length >= 14) score += 1;
  if (kinds >= 3) score += 1;
  if (kinds === 4 || password.length >= 20) score += 1;
  const clamped = Math.min(score, 4);
  return { score: clamped, label: STRENGTH_LABELS[clamped] };
}
