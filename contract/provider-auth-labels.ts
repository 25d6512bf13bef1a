/** A provider who has just signed up, before the wizard (spec 1's stages: Free, Partial, Basic, Pending, Received). */
export const NEW_PROVIDER_STAGE = "Partial";

export const PROVIDER_AUTH_MESSAGES = {
  /** unknown username, wrong password, or a user who has no provider password: the same words */
  wrongCredentials: "Wrong username or password",
  blocked: "Your account has been blocked by the marketplace. Please contact support.",
  signInDisabled: "Sign-in is turned off for your account. Please contact support.",
  deleted: "This account has been deleted. Please contact support if this is a mistake.",
  usernameRequired: "Please input username!",
  passwordRequired: "Please input password!",
  usernameTaken: "This username is already taken. Please choose another.",
  usernameRule: "Use 3 to 50 letters, digits, dots, dashes or underscores",
  firstNameRequired: "Please input your first name!",
  lastNameRequired: "Please input your last name!",
  emailRequired: "Please input your email!",
  emailInvalid: "Please enter a valid email address",
  phoneRequired: "Please input your phone number!",
  phoneInvalid: "Please enter a valid phone number (digits, with the country code if outside India)",
  passwordsDiffer: "The two passwords do not match",
  signedIn: "Login Successful",
  signedOut: "You have signed out",
  accountCreated: "Your provider account was created. Please complete your profile.",
} as const;
