/**
 * PBKDF2-HMAC-SHA256's work factor for new password hashes, OWASP's 2023 figure: the server's
 * signups and the operators' `npm run users -- reset-password` alike.
 */
export const PASSWORD_ITERATIONS = 210_000;
