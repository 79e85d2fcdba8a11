/** `a`, `a or b`, `a, b or c`. */
function listOfDomains(domains: readonly string[]): string {
  return domains.length <= 1
    ? (domains[0] ?? '')
    : `${domains.slice(0, -1).join(', ')} or ${domains.at(-1)}`;
}

/** product §2 and §8's texts for login, signup and logout, word for word. */
export const authTexts = {
  signingUp: 'Creating your account...',
  signedUp: 'Account created successfully!',
  loggingIn: 'Logging in...',
  welcome: (name: string) => `Hello, ${name}. Welcome back!`,
  loggingOut: 'Logging out...',
  loggedOut: "You're logged out successfully",
  serverError: '500 : Internal Server Error',
  passwordMismatch: "Password doesn't match.",
  // A field left empty at submit (the forms check it themselves, not the browser).
  required: (label: string) => `${label} is required.`,
  // Beyond product §2 (issue 29): the terms box must be ticked before an account is created.
  termsLabel: 'I accept all Terms & Conditions',
  termsRequired: 'Accept the Terms & Conditions to create an account.',
  rememberMe: 'Remember me',
  forgotPassword: 'Forgot your password?',
  testCredentials: 'Login with test credentials',
  createAccount: 'Create New Account',
  // Beyond product §8's texts (decision 0007): ending every session of the account.
  logOutEverywhere: 'Log out everywhere',
  logOutEverywhereHint: 'Ends your sessions on every device and browser, this one included.',
  loggedOutEverywhere: "You're logged out on every device",
  unavailableSuffix: '(unavailable)',
  testCredentialsUnavailable: 'The test account is unavailable on this server.',
  // Beyond product §2 (issue 28): the server's SIGNUP and SIGNUP_EMAIL_DOMAINS, said before the
  // form is filled (the API's refusals say the same).
  signupClosed: "Signups are closed on this site. Ask the site's operators for an account.",
  signupDomains: (domains: readonly string[]) =>
    `Only email addresses at ${listOfDomains(domains)} can sign up.`,
  signupDomainRefused: (domains: readonly string[]) =>
    `Signups are limited to email addresses at ${listOfDomains(domains)}.`,
} as const;
