/**
 * product §2's screens, one declaration each: its path, tab title, whether the server renders it,
 * the first reads it makes, and its page module. The app's routes (app.tsx), the server's head
 * and render (src/server/seo), the boot script (src/web/boot) and the server render's reads
 * (src/web/ssr) all read it. Light on purpose: the boot script and the build (boot-plugin.ts)
 * import it too, so no React and no page code here (a page module is named by its path; app.tsx
 * loads it).
 */
import {
  filtersFromParams,
  resultsQuery,
  searchTooLong,
  type Filters,
} from '../state/videos-reducer';

/**
 * A read a screen makes as soon as it renders, as data: the server render reads it into the cache
 * (ssr/first-screen-reads.ts) and the boot script sends it early when it can
 * (boot/first-screen.ts), each with the app's own read.
 */
export type FirstRead =
  | { read: 'category-names' }
  | { read: 'home-grid'; filters: Filters }
  | { read: 'trending' }
  | { read: 'search'; query: string }
  | { read: 'video'; videoId: string }
  | { read: 'up-next'; videoId: string }
  | { read: 'channel'; channelName: string }
  | { read: 'courses' }
  | { read: 'course'; slug: string };

/** A screen's path parameters (decoded) and its address's query. */
export interface ScreenAddress {
  params: Readonly<Record<string, string>>;
  search: URLSearchParams;
}

export interface Screen {
  /** Its route, as React Router matches it: `/watch/:videoId`. */
  path: string;
  /** Its page module, from the project root, loaded on first use; none: in the first bundle. */
  page?: string;
  /**
   * Its tab title (useDocumentTitle), which the server's head says too; none: the app's name
   * alone (Home) or a title made of its data (page-head.ts).
   */
  title?: string;
  /**
   * The server renders its HTML (signed out), with its first reads' data; false: the server sends
   * the app's shell with the screen's head, and the browser draws it.
   */
  rendered: boolean;
  /** The reads the screen makes first, that the server render makes before rendering it. */
  reads?: (at: ScreenAddress) => FirstRead[];
  /** The query parameters the screen reads (a rendered page is kept by these alone). */
  query?: readonly string[];
  /** The boot script fetches its page module ahead when the address is its own. */
  codeAhead?: boolean;
}

/** Every screen, by name. */
export const SCREENS = {
  home: {
    path: '/',
    rendered: true,
    query: ['category', 'search'],
    reads: ({ search }) => {
      const filters = filtersFromParams(search);
      // A search too long to ask for: home shows a message instead of the grid.
      if (searchTooLong(filters.search)) return [{ read: 'category-names' }];
      return [{ read: 'category-names' }, { read: 'home-grid', filters }];
    },
  },
  trending: {
    path: '/trending',
    page: 'src/web/pages/trending-page.tsx',
    title: 'Trending',
    rendered: true,
    reads: () => [{ read: 'trending' }],
    codeAhead: true,
  },
  results: {
    path: '/results',
    page: 'src/web/pages/results-page.tsx',
    rendered: true,
    query: ['q'],
    reads: ({ search }) => {
      const query = resultsQuery(search);
      return query !== '' && !searchTooLong(query) ? [{ read: 'search', query }] : [];
    },
    codeAhead: true,
  },
  watch: {
    path: '/watch/:videoId',
    page: 'src/web/pages/watch-page.tsx',
    rendered: true,
    query: ['t', 'list', 'course'],
    reads: ({ params }) => [
      { read: 'video', videoId: params.videoId! },
      { read: 'up-next', videoId: params.videoId! },
    ],
    codeAhead: true,
  },
  channel: {
    path: '/channel/:channelName',
    page: 'src/web/pages/channel-page.tsx',
    rendered: true,
    reads: ({ params }) => [{ read: 'channel', channelName: params.channelName! }],
  },
  'liked-videos': {
    path: '/liked-videos',
    page: 'src/web/pages/liked-videos-page.tsx',
    title: 'Liked Videos',
    // The library screens are rendered as their shell (the layout, their loading state): their
    // lists are the signed-in user's, read after hydration.
    rendered: true,
  },
  history: {
    path: '/history',
    page: 'src/web/pages/history-page.tsx',
    title: 'History',
    rendered: true,
  },
  'watch-later': {
    path: '/watch-later',
    page: 'src/web/pages/watch-later-page.tsx',
    title: 'Watch Later',
    rendered: true,
  },
  notes: {
    path: '/notes',
    page: 'src/web/pages/notes-page.tsx',
    title: 'Notes',
    rendered: false,
  },
  playlists: {
    path: '/playlist',
    page: 'src/web/pages/playlists-page.tsx',
    title: 'Playlists',
    rendered: true,
  },
  playlist: {
    path: '/playlist/:playlistId',
    page: 'src/web/pages/playlist-page.tsx',
    // The server's head: the playlist's own name comes with the signed-in user's lists.
    title: 'Playlists',
    rendered: true,
  },
  courses: {
    path: '/courses',
    page: 'src/web/pages/courses-page.tsx',
    title: 'Courses',
    rendered: true,
    reads: () => [{ read: 'courses' }],
    codeAhead: true,
  },
  course: {
    path: '/course/:slug',
    page: 'src/web/pages/course-page.tsx',
    rendered: true,
    reads: ({ params }) => [{ read: 'course', slug: params.slug! }],
    codeAhead: true,
  },
  profile: {
    path: '/profile',
    page: 'src/web/pages/profile-page.tsx',
    title: 'Profile',
    rendered: false,
  },
  login: {
    path: '/login',
    page: 'src/web/features/auth/components/login-page.tsx',
    title: 'Login',
    rendered: false,
  },
  signup: {
    path: '/signup',
    page: 'src/web/features/auth/components/signup-page.tsx',
    title: 'Signup',
    rendered: false,
  },
  tester: {
    path: '/mock',
    page: 'src/web/features/tester/components/tester-page.tsx',
    title: 'Request tester',
    rendered: false,
  },
} as const satisfies Record<string, Screen>;

export type ScreenName = keyof typeof SCREENS;

/** A screen at an address, with its path parameters. */
export interface ScreenMatch {
  name: ScreenName;
  screen: Screen;
  /** Decoded; a segment that does not decode as it was written. */
  params: Record<string, string>;
  /** A parameter did not decode (`%E0%A4%A`). */
  malformed: boolean;
}

const ENTRIES = Object.entries(SCREENS) as [ScreenName, Screen][];

/**
 * The screen a path shows, as the app's routes match it: whole segments, `:name` one non-empty
 * segment, a trailing slash allowed. Undefined for a path the app does not know (it goes to Home).
 */
export function matchScreen(pathname: string): ScreenMatch | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
  const segments = path.split('/').slice(1);
  for (const [name, screen] of ENTRIES) {
    const pattern = screen.path.split('/').slice(1);
    if (pattern.length !== segments.length) continue;
    const params: Record<string, string> = {};
    let malformed = false;
    const fits = pattern.every((part, index) => {
      const segment = segments[index]!;
      if (!part.startsWith(':')) return part === segment;
      if (segment === '') return false;
      try {
        params[part.slice(1)] = decodeURIComponent(segment);
      } catch {
        params[part.slice(1)] = segment;
        malformed = true;
      }
      return true;
    });
    if (fits) return { name, screen, params, malformed };
  }
  return undefined;
}
