import {
  COMMON_PASSWORDS_REFUSED,
  MAX_NEW_PASSWORD_LENGTH,
  MIN_NEW_PASSWORD_LENGTH,
} from '../../contract/limits';
import { ApiError } from '../http/errors';

/**
 * The password policy of a new account (ASVS 2.1): at least 8 characters, at most 128 (a longer
 * one is refused, not cut: what is checked is what is stored), and not one of the 10,000 most
 * common passwords, compared without regard to case. Logins are not checked: older accounts and
 * the demo account keep their passwords.
 *
 * The list is zxcvbn-ts's (@zxcvbn-ts/language-common: leaked passwords ranked by frequency),
 * shipped with the app, never fetched. It is loaded at the first signup, not before: the page's
 * mock backend runs this code too, and its first load should not carry 400 KB of passwords.
 */
export async function checkNewPassword(password: string): Promise<void> {
  const problem = await passwordProblem(password);
  if (problem) throw new ApiError(422, [`password ${problem}`]);
}

/** The rule a new password breaks, in words that follow the field's name, or undefined. */
export async function passwordProblem(password: string): Promise<string | undefined> {
  // Characters as people count them: an emoji is one (zod's length checks count the same way).
  const length = countCodePoints(password);
  if (length < MIN_NEW_PASSWORD_LENGTH) {
    return `must be at least ${MIN_NEW_PASSWORD_LENGTH} characters`;
  }
  if (length > MAX_NEW_PASSWORD_LENGTH) {
    return `must be at most ${MAX_NEW_PASSWORD_LENGTH} characters`;
  }
  if ((await commonPasswords()).has(password.toLowerCase())) {
    return `is one of the ${COMMON_PASSWORDS_REFUSED.toLocaleString('en')} most common passwords; choose another`;
  }
  return undefined;
}

function countCodePoints(text: string): number {
  let count = 0;
  for (const _ of text) count += 1;
  return count;
}

let loading: Promise<ReadonlySet<string>> | undefined;

/** The most common passwords, lower-cased, loaded once (a failed load is tried again next time). */
function commonPasswords(): Promise<ReadonlySet<string>> {
  loading ??= import('@zxcvbn-ts/language-common').then(
    (module) => {
      // Node loads the package's CommonJS build (named exports, or all under `default`).
      const { dictionary } =
        'dictionary' in module ? module : (module as { default: typeof module }).default;
      const ranked = dictionary['passwords-common'].slice(0, COMMON_PASSWORDS_REFUSED);
      return new Set(ranked.map((entry) => entry.toLowerCase()));
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}
