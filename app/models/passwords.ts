/**
 * The password rule every admin password follows (Profile's password change, a new admin user):
 * at least 10 characters with a letter and a digit, at most 200. No zod here: the strength meter
 * runs in the browser (the schema built on it is in ./password-schema).
 */
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 200;
export const PASSWORD_RULE = `At least ${PASSWORD_MIN_LENGTH} characters, with a letter and a digit`;
export const PASSWORD_MESSAGES = {
  required: "Please input password!",
  tooShort: `The password must be at least ${PASSWORD_MIN_LENGTH} characters long`,
  tooLong: `The password must be at most ${PASSWORD_MAX_LENGTH} characters long`,
  letterAndDigit: "The password must contain a letter and a digit",
} as const;

/** What is wrong with a password under the rule, or null when it follows it. */
export function passwordProblem(password: string): string | null {
  if (!password) return PASSWORD_MESSAGES.required;
  if (password.length < PASSWORD_MIN_LENGTH) return PASSWORD_MESSAGES.tooShort;
  if (password.length > PASSWORD_MAX_LENGTH) return PASSWORD_MESSAGES.tooLong;
  if (!/\p{L}/u.test(password) || !/\p{N}/u.test(password)) return PASSWORD_MESSAGES.letterAndDigit;
  return null;
}

export type PasswordStrength = { score: 0 | 1 | 2 | 3 | 4; label: "Too weak" | "Weak" | "Fair" | "Good" | "Strong" };
const LABELS = ["Too weak", "Weak", "Fair", "Good", "Strong"] as const;

/** A rough strength for the meter beside a password field (the rule above is what is enforced). */
export function passwordStrength(password: string): PasswordStrength {
  if (passwordProblem(password)) return { score: 0, label: LABELS[0] };
  const kinds = [/\p{Ll}/u, /\p{Lu}/u, /\p{N}/u, /[^\p{L}\p{N}]/u].filter((re) => re.test(password)).length;
  const lengthPoints = password.length >= 16 ? 2 : password.length >= 12 ? 1 : 0;
  const score = Math.min(4, 1 + lengthPoints + (kinds >= 3 ? 1 : 0)) as PasswordStrength["score"];
  return { score, label: LABELS[score] };
}
