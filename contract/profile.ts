/** Profile's messages (spec 2 Admin Profile: the password change and appearance, now wired). */
export const PROFILE_MESSAGES = {
  passwordChanged: "Password changed. Your other sessions were signed out.",
  wrongCurrentPassword: "The current password is not correct",
  confirmMismatch: "The new passwords do not match",
  sameAsCurrent: "The new password must differ from the current one",
  appearanceSaved: "Appearance saved",
} as const;
