/** Shared limits and constants (SPEC §9 and the API's own guards). */

/** Requests with a larger body are refused with 413. */
export const MAX_BODY_BYTES = 1024 * 1024;
export const MAX_NAME_LENGTH = 100;
export const MAX_EMAIL_LENGTH = 254;
export const MAX_PASSWORD_LENGTH = 1024;
export const MAX_PLAYLIST_TITLE_LENGTH = 200;
export const MAX_NOTE_LENGTH = 20_000;
export const MAX_TODO_TITLE_LENGTH = 500;
export const MAX_ID_LENGTH = 128;
/** Longest position a note or the resume point may name: 100 hours, in seconds. */
export const MAX_VIDEO_SECONDS = 100 * 3600;

/** SPEC §9: the mock server answers after this delay (0 in tests). */
export const MOCK_RESPONSE_DELAY_MS = 400;

/** How long a login token stays valid. */
export const TOKEN_TTL_SECONDS = 7 * 24 * 60 * 60;

/**
 * The built-in demo account behind 'Login with test credentials' (SPEC §2, §9). It is public by
 * design: anyone may sign in with it, so it is no secret.
 */
export const TEST_ACCOUNT = {
  email: 'test@codetube.dev',
  password: 'codetube-test-1',
} as const;

/** Failed logins allowed per account before it must wait (per API process). */
export const DEFAULT_FAILED_LOGIN_LIMIT = { max: 10, windowMs: 15 * 60 * 1000 };
/** Login and signup requests allowed per client address (per API process). */
export const DEFAULT_AUTH_REQUEST_LIMIT = { max: 300, windowMs: 60 * 1000 };

/**
 * GET /api/videos without parameters answers the whole catalogue (`{ videos }`) up to this many
 * videos; a larger catalogue answers its first page with `total` and a `Link: rel="next"` header.
 * The server reads CATALOGUE_FULL_LIST_MAX to change it.
 */
export const DEFAULT_FULL_LIST_MAX = 10_000;
/** A page of the catalogue when the client does not say how big. */
export const DEFAULT_VIDEO_PAGE = 24;
/** Searches count matches up to this number; beyond it `total` is capped (`totalCapped: true`). */
export const SEARCH_COUNT_LIMIT = 1_000;
/** Up next's length when the client does not say. */
export const DEFAULT_UP_NEXT = 12;
