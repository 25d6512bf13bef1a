/** What only the admin uses of ~contract/passwords (the shared part stays in contract/passwords.ts). */
import { PASSWORD_MIN_LENGTH, passwordProblem } from "~contract/passwords";

export const PASSWORD_RULE = `At least ${PASSWORD_MIN_LENGTH} characters, with at least one letter and one digit.`;

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
