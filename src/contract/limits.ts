/** Shared limits and constants (product §9 and the API's own guards). */

/** Requests with a larger body are refused with 413. */
export const MAX_BODY_BYTES = 1024 * 1024;
/**
 * Requests with a longer URL are refused with 414 before their query is read (decoding a
 * megabyte of `+` alone costs 0.1 s); the longest query the API takes is a few hundred characters.
 */
export const MAX_URL_LENGTH = 8 * 1024;
/**
 * A JSON body may nest this deep and hold this many values and keys in all (422 above, checked
 * before it is parsed): far beyond any body the API takes, far below what makes parsing costly.
 */
export const MAX_JSON_DEPTH = 64;
export const MAX_JSON_VALUES = 20_000;
export const MAX_NAME_LENGTH = 100;
export const MAX_EMAIL_LENGTH = 254;
/** The longest password a body may carry (413/422 above); signup's policy allows 128. */
export const MAX_PASSWORD_LENGTH = 1024;
/**
 * Signup's password policy (ASVS 2.1, src/api/auth/password-policy.ts): from 8 to 128 characters,
 * and not among the 10,000 most common passwords. Logins take any password, as before.
 */
export const MIN_NEW_PASSWORD_LENGTH = 8;
export const MAX_NEW_PASSWORD_LENGTH = 128;
export const COMMON_PASSWORDS_REFUSED = 10_000;
export const MAX_PLAYLIST_TITLE_LENGTH = 200;
export const MAX_NOTE_LENGTH = 20_000;
/**
 * What one user's notes may hold in all: every notes answer carries all of them (product §7), so
 * these bound its size (about 1 MB at most) and the work of each note write.
 */
export const MAX_NOTES = 1_000;
export const MAX_NOTES_CHARACTERS = 1_000_000;
/** One user's playlists: every playlists answer carries all of them, with their videos. */
export const MAX_PLAYLISTS = 200;
/**
 * One user's writes that run at once in a server process (the rest wait their turn), so that
 * one user's burst cannot hold every database connection (README, "Security and limits").
 */
export const USER_WRITES_IN_FLIGHT = 2;
/** One user's writes that may wait their turn in a process; past them, 429. */
export const USER_WRITES_WAITING = 100;
export const MAX_TODO_TITLE_LENGTH = 500;
/** The request tester's todos each owner (a user, or an address) keeps beside the samples: the newest. */
export const MAX_OWN_TODOS = 20;
/** Todo writes (adds and deletes) per owner per minute. */
export const TODO_WRITES_PER_MINUTE = 60;
export const MAX_ID_LENGTH = 128;
/** Longest position a note or the resume point may name: 100 hours, in seconds. */
export const MAX_VIDEO_SECONDS = 100 * 3600;

/** product §9: the mock server answers after this delay (0 in tests). */
export const MOCK_RESPONSE_DELAY_MS = 400;

/** How long a login token stays valid. */
export const TOKEN_TTL_SECONDS = 7 * 24 * 60 * 60;

/**
 * The built-in demo account behind 'Login with test credentials' (product §2, §9). It is public by
 * design: anyone may sign in with it, so it is no secret.
 */
export const TEST_ACCOUNT = {
  email: 'test@codetube.dev',
  password: 'codetube-test-1',
} as const;

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
/**
 * A search's pages end at this offset: a deeper page is answered with no videos (and the first
 * page's count), as search engines stop after some pages. Each page costs as many matches as its
 * offset, so a client stepping through offsets cannot make the server read a million.
 */
export const SEARCH_MAX_DEPTH = 10_000;
/**
 * The home grid's case-sensitive title filter examines at most this many candidates per request
 * (the videos its index proposes, in catalogue order: those whose title holds the text in any
 * case; every video for a text too short for the index). When they run out before the page and
 * the count are found, the answer holds the matches found among them and says
 * `searchStopped: true`: a crafted text that every title holds in another case costs a bounded
 * read, not one through the whole catalogue (issue 26).
 */
export const HOME_SEARCH_SCAN = 20_000;
/**
 * Catalogue reads one client address may have computing at once (answers computed, not kept
 * ones) unless the API is told otherwise (the server gives half of what a process runs at once:
 * config.ts); up to CATALOGUE_WAITING_PER_CLIENT more wait for a turn (a page asks for several
 * lists at once), and one more than that is answered 429 with `Retry-After: 1`.
 */
export const CATALOGUE_READS_PER_CLIENT = 4;
export const CATALOGUE_WAITING_PER_CLIENT = 16;
/**
 * The longest search, category or channel text a catalogue query accepts (a results page's query
 * once trimmed); the web app's search boxes stop there too.
 */
export const MAX_QUERY_TEXT = 200;
/** Up next's length when the client does not say. */
export const DEFAULT_UP_NEXT = 12;
/**
 * The login and signup limits (README, "Security and limits"). Counted on the server's database, so every
 * process counts together and a restart forgets nothing; the page's mock counts in memory.
 */
export interface AuthLimits {
  /** Login and signup requests per client address per window. */
  requestsPerAddress: { max: number; windowSeconds: number };
  /** Consecutive failed logins per (account, address) that cost no wait; then backoff. */
  freeFailuresPerPair: number;
  /** The first backoff; it doubles with each further failure, up to `maxBackoffSeconds`. */
  firstBackoffSeconds: number;
  maxBackoffSeconds: number;
  /** How long consecutive failures of one (account, address) are remembered. */
  pairMemorySeconds: number;
  /**
   * Failed logins per client address (over all accounts) per window. Not counted for an address
   * the account knows (below): a stranger behind the owner's NAT cannot stop the owner.
   */
  failuresPerAddress: { max: number; windowSeconds: number };
  /**
   * Failed logins on one account (its normalised email, registered or not, so the answers never
   * tell which exist) from addresses it does not know, per window; past it, only the addresses it
   * knows may try until the window ends.
   */
  failuresPerAccount: { max: number; windowSeconds: number };
  /** How long an address that logged into an account (or signed it up) stays known to it. */
  knownAddressSeconds: number;
  /** Signups per client address per window (each costs a password hash, taken email or not). */
  signupsPerAddress: { max: number; windowSeconds: number };
}

export const DEFAULT_AUTH_LIMITS: AuthLimits = {
  requestsPerAddress: { max: 300, windowSeconds: 60 },
  freeFailuresPerPair: 5,
  firstBackoffSeconds: 2,
  maxBackoffSeconds: 15 * 60,
  pairMemorySeconds: 24 * 60 * 60,
  failuresPerAddress: { max: 100, windowSeconds: 15 * 60 },
  failuresPerAccount: { max: 30, windowSeconds: 15 * 60 },
  knownAddressSeconds: 30 * 24 * 60 * 60,
  signupsPerAddress: { max: 20, windowSeconds: 60 * 60 },
};

/**
 * A signed-in user's checks of their own password (changing it, deleting the account): at most
 * this many wrong ones per window, then 429, so a stolen token cannot guess the password.
 */
export const PASSWORD_CHECKS_PER_USER = { max: 10, windowSeconds: 15 * 60 } as const;

/** Extra signup fields (product §3): how many, how big and how deep they may be. */
export const MAX_EXTRA_FIELDS = 20;
export const MAX_EXTRAS_BYTES = 4 * 1024;
export const MAX_EXTRAS_DEPTH = 4;

/**
 * A video counts as watched (a course's lesson done, a playlist's 'N of M watched', a finished
 * video that leaves Continue watching) when the saved position reaches this share of its length.
 */
export const WATCHED_FRACTION = 0.9;

/** A video's longest duration in seconds: what a 32-bit integer column holds (about 68 years). */
export const MAX_VIDEO_DURATION = 2_147_483_647;
