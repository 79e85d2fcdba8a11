/**
 * What a page's <head> says about it to link previews and search engines: its title (the one the
 * app gives the tab, use-document-title.ts), description, canonical address, Open Graph and
 * Twitter card tags, and on a watch page a schema.org VideoObject as JSON-LD. Pure: a page and
 * its data in, the tags out, every value escaped; no store, no request (the server rendering to
 * come reuses it).
 */
import type { Course } from '../../contract/courses';
import type { Video } from '../../contract/entities';
import { SCREENS, type ScreenName as AnyScreenName } from '../../web/lib/screens';

/** The app's name: the whole title on Home, the end of every other page's title. */
export const SITE_NAME = 'CodeTube';
/** What the site is, in a sentence: the description of pages that say nothing more of their own. */
export const SITE_DESCRIPTION = 'CodeTube: a library of coding videos to learn programming from.';
/** Previews show about this much of a description; a longer one is cut at a word. */
export const DESCRIPTION_MAX = 200;

/** The screens whose head says more than their title (their data, a description, an address). */
export type OwnHeadScreen =
  'home' | 'trending' | 'results' | 'watch' | 'channel' | 'courses' | 'course';

/**
 * Any other screen (web/lib/screens.ts), one that only makes sense signed in or as a form: its
 * title, never indexed.
 */
export type ScreenName = Exclude<AnyScreenName, OwnHeadScreen>;

/** A page the server answers, with what its head needs. */
export type PageData =
  | { page: 'home' }
  | { page: 'trending' }
  | { page: 'results'; query: string }
  | { page: 'watch'; video: Video }
  | { page: 'video-not-found' }
  | { page: 'channel'; channelName: string }
  | { page: 'courses' }
  | { page: 'course'; course: Course }
  | { page: 'course-not-found' }
  | { page: 'screen'; screen: ScreenName }
  /** A path the app does not know (it goes on to Home). */
  | { page: 'unknown' };

/** What the server writes for a page: the status and the tags that replace index.html's title. */
export interface PageHead {
  status: 200 | 404;
  /** The document title, as the app sets it (documentTitle). */
  title: string;
  /** The tags, one a line, <title> first. */
  tags: string;
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
  '\u2028': '&#x2028;',
  '\u2029': '&#x2029;',
};

/**
 * Text made safe inside an element or a quoted attribute value (the line separators written as
 * references too, so that no tag holds a character a script would read as a line end).
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"'\u2028\u2029]/g, (char) => HTML_ESCAPES[char]!);
}

/**
 * A value as JSON that may stand inside <script type="application/ld+json">: no `<`, `>` or `&`
 * (so neither `</script>` nor `<!--` can end or change the script element) and no U+2028/U+2029
 * (line ends to older JavaScript parsers), each written as its \u escape, which JSON reads back
 * as the same character.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** A page's tab title: `Learn CSS in 20 Minutes - CodeTube`; the app's name alone without one. */
export function documentTitle(page?: string): string {
  const name = page?.trim();
  return name ? `${name} - ${SITE_NAME}` : SITE_NAME;
}

/** Text on one line, at most `max` characters: cut at the last word that fits, then `…`. */
export function shortDescription(text: string, max = DESCRIPTION_MAX): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= max) return line;
  const cut = line.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** A video's largest image every YouTube video has (maxresdefault is missing on some). */
export const videoThumbnail = (videoId: string) =>
  `https://i.ytimg.com/vi/${encodeURIComponent(videoId)}/hqdefault.jpg`;
/** hqdefault's size. */
const THUMBNAIL_SIZE = { width: 480, height: 360 };
/** The YouTube player of a video, as other sites embed it. */
export const videoEmbed = (videoId: string) =>
  `https://www.youtube.com/embed/${encodeURIComponent(videoId)}`;

/** The path of a page the app shows, as the app links it. */
export const pagePaths = {
  home: () => '/',
  trending: () => '/trending',
  results: (query: string) => `/results?q=${encodeURIComponent(query)}`,
  watch: (videoId: string) => `/watch/${encodeURIComponent(videoId)}`,
  channel: (channelName: string) => `/channel/${encodeURIComponent(channelName)}`,
  courses: () => '/courses',
  course: (slug: string) => `/course/${encodeURIComponent(slug)}`,
};

interface HeadFacts {
  status: 200 | 404;
  title: string;
  description: string;
  /** Path of the canonical address; none for pages not to be indexed. */
  path?: string;
  /** Pages that only make sense to a signed-in user, and missing ones. */
  noindex?: boolean;
  ogType: string;
  video?: Video;
}

function factsOf(data: PageData): HeadFacts {
  switch (data.page) {
    case 'home':
      return {
        status: 200,
        title: documentTitle(),
        description: SITE_DESCRIPTION,
        path: pagePaths.home(),
        ogType: 'website',
      };
    case 'trending':
      return {
        status: 200,
        title: documentTitle(SCREENS.trending.title),
        description: 'The most watched coding videos on CodeTube.',
        path: pagePaths.trending(),
        ogType: 'website',
      };
    case 'results': {
      const query = data.query.trim();
      return query
        ? {
            status: 200,
            title: documentTitle(`${query} - Search`),
            description: shortDescription(`Coding videos about “${query}” on CodeTube.`),
            path: pagePaths.results(query),
            ogType: 'website',
          }
        : {
            status: 200,
            title: documentTitle('Search'),
            description: SITE_DESCRIPTION,
            noindex: true,
            ogType: 'website',
          };
    }
    case 'channel':
      return {
        status: 200,
        title: documentTitle(data.channelName),
        description: shortDescription(`Coding videos from ${data.channelName} on CodeTube.`),
        path: pagePaths.channel(data.channelName),
        ogType: 'website',
      };
    case 'watch':
      return {
        status: 200,
        title: documentTitle(data.video.title),
        description: shortDescription(data.video.description) || data.video.title,
        path: pagePaths.watch(data.video._id),
        ogType: 'video.other',
        video: data.video,
      };
    case 'courses':
      return {
        status: 200,
        title: documentTitle(SCREENS.courses.title),
        description: 'Courses of coding videos on CodeTube, to follow lesson by lesson.',
        path: pagePaths.courses(),
        ogType: 'website',
      };
    case 'course':
      return {
        status: 200,
        title: documentTitle(data.course.title),
        description: shortDescription(data.course.description) || data.course.title,
        path: pagePaths.course(data.course.slug),
        ogType: 'website',
      };
    case 'course-not-found':
      return {
        status: 404,
        title: documentTitle('Course not found'),
        description: 'This course does not exist or is no longer offered.',
        noindex: true,
        ogType: 'website',
      };
    case 'video-not-found':
      return {
        status: 404,
        title: documentTitle('Video not found'),
        description: 'This video does not exist or is no longer in the catalogue.',
        noindex: true,
        ogType: 'website',
      };
    case 'screen':
      return {
        status: 200,
        title: documentTitle(SCREENS[data.screen].title),
        description: SITE_DESCRIPTION,
        noindex: true,
        ogType: 'website',
      };
    case 'unknown':
      return {
        status: 200,
        title: documentTitle(),
        description: SITE_DESCRIPTION,
        noindex: true,
        ogType: 'website',
      };
  }
}

const meta = (name: string, content: string | number) =>
  `<meta name="${name}" content="${escapeHtml(String(content))}" />`;
const property = (name: string, content: string | number) =>
  `<meta property="${name}" content="${escapeHtml(String(content))}" />`;

/** Seconds as ISO 8601, as schema.org's `duration` wants it: 3723 → `PT1H2M3S`. */
function isoDuration(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return `PT${h ? `${h}H` : ''}${m ? `${m}M` : ''}${s || (!h && !m) ? `${s}S` : ''}`;
}

/** schema.org's VideoObject for a watch page (what search engines show as a video result). */
export function videoObject(video: Video, url: string): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'VideoObject',
    name: video.title,
    description: video.description.trim() || video.title,
    thumbnailUrl: [videoThumbnail(video._id)],
    uploadDate: video.uploadedOn,
    ...(video.duration === undefined ? {} : { duration: isoDuration(video.duration) }),
    embedUrl: videoEmbed(video._id),
    url,
    author: { '@type': 'Person', name: video.channelName },
    interactionStatistic: {
      '@type': 'InteractionCounter',
      interactionType: { '@type': 'WatchAction' },
      userInteractionCount: video.views,
    },
  };
}

/**
 * The head of a page: `origin` (`https://tube.example.org`, no slash at the end) makes the
 * canonical and Open Graph addresses absolute. Pages not worth indexing (signed-in screens, a
 * missing video, an unknown path) say `noindex` and name no canonical address.
 */
export function pageHead(data: PageData, origin: string): PageHead {
  const facts = factsOf(data);
  const url = facts.path === undefined ? undefined : origin + facts.path;
  const tags = [
    `<title>${escapeHtml(facts.title)}</title>`,
    meta('description', facts.description),
  ];
  if (facts.noindex) tags.push(meta('robots', 'noindex'));
  if (url !== undefined) tags.push(`<link rel="canonical" href="${escapeHtml(url)}" />`);
  tags.push(
    property('og:site_name', SITE_NAME),
    property('og:type', facts.ogType),
    property('og:title', facts.video?.title ?? facts.title),
    property('og:description', facts.description),
  );
  if (url !== undefined) tags.push(property('og:url', url));
  const { video } = facts;
  if (video && url !== undefined) {
    const image = videoThumbnail(video._id);
    tags.push(
      property('og:image', image),
      property('og:image:width', THUMBNAIL_SIZE.width),
      property('og:image:height', THUMBNAIL_SIZE.height),
      property('og:image:alt', video.title),
      property('og:video', videoEmbed(video._id)),
      property('og:video:secure_url', videoEmbed(video._id)),
      property('og:video:type', 'text/html'),
      property('og:video:width', 1280),
      property('og:video:height', 720),
      meta('twitter:card', 'summary_large_image'),
      meta('twitter:title', video.title),
      meta('twitter:description', facts.description),
      meta('twitter:image', image),
      `<script type="application/ld+json">${jsonForScript(videoObject(video, url))}</script>`,
    );
  } else {
    tags.push(
      meta('twitter:card', 'summary'),
      meta('twitter:title', facts.title),
      meta('twitter:description', facts.description),
    );
  }
  return { status: facts.status, title: facts.title, tags: tags.join('\n    ') };
}
