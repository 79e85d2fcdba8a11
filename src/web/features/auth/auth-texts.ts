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
} as const;
