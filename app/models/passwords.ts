import { z } from "zod";

/**
 * The password rule every admin password follows (Profile's password change, a new admin user):
 * at least 10 characters with a letter and a digit, at most 200. Longer beats cleverer, so the meter
 * rewards length first.
 */
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 200;
export const PASSWORD_RULE = `At least ${PASSWORD_MIN_LENGTH} characters, with a letter and a digit`;

export const StrongPassword = z
  .string({ required_error: "Please input password!" })
  .min(1, "Please input password!")
  .min(PASSWORD_MIN_LENGTH, `The password must be at least ${PASSWORD_MIN_LENGTH} characters long`)
  .max(PASSWORD_MAX_LENGTH, `The password must be at most ${PASSWORD_MAX_LENGTH} characters long`)
  .refine((value) => /\p{L}/u.test(value) && /\p{N}/u.test(value), "The password must contain a letter and a digit");

export type PasswordStrength = { score: 0 | 1 | 2 | 3 | 4; label: "Too weak" | "Weak" | "Fair" | "Good" | "Strong" };
const LABELS = ["Too weak", "Weak", "Fair", "Good", "Strong"] as const;

/** A rough strength for the meter beside a password field (the rule above is what is enforced). */
export function passwordStrength(password: string): PasswordStrength {
  if (!StrongPassword.safeParse(password).success) return { score: 0, label: LABELS[0] };
  const kinds = [/\p{Ll}/u, /\p{Lu}/u, /\p{N}/u, /[^\p{L}\p{N}]/u].filter((re) => re.test(password)).length;
  const lengthPoints = password.length >= 16 ? 2 : password.length >= 12 ? 1 : 0;
  const score = Math.min(4, 1 + lengthPoints + (kinds >= 3 ? 1 : 0)) as PasswordStrength["score"];
  return { score, label: LABELS[score] };
}
