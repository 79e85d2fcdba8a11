/** The fields of the login and signup forms that a server error can be about. */
export type AuthFieldName = 'email' | 'password' | 'firstName' | 'lastName';

const FIELD_NAMES: readonly AuthFieldName[] = ['email', 'password', 'firstName', 'lastName'];

/**
 * The field a login or signup error is about, so the form can show it there and tie it to that
 * input: the API's body checks start with the field's name ('email must be an email address
 * like name@example.com'); product §8's own messages name the email ('The email you entered is not Registered…',
 * '…Email Already Exists.') or the credentials (a wrong password). Undefined for the rest (a
 * server or network failure), which the form shows above its button.
 */
export function authErrorField(message: string): AuthFieldName | undefined {
  const named = FIELD_NAMES.find((field) => message.startsWith(`${field} `));
  if (named) return named;
  if (/\bemail\b/i.test(message)) return 'email';
  if (/\b(credentials|password)\b/i.test(message)) return 'password';
  return undefined;
}

/** Takes the user to the first empty field of a form, after a submit that found one. */
export function focusFirstEmptyField(form: HTMLFormElement): void {
  const inputs = [...form.querySelectorAll('input')];
  inputs.find((input) => input.type !== 'checkbox' && input.value === '')?.focus();
}
