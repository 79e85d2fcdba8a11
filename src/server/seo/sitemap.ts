/**
 * robots.txt and the sitemaps' XML (sitemaps.org 0.9): pure text builders and the names of the
 * sitemap files. What reads the catalogue for them is seo-answers.ts.
 */
import { pagePaths } from './page-head';

/** The most URLs a sitemap file may list (sitemaps.org); the catalogue is split into such files. */
export const SITEMAP_MAX_URLS = 50_000;
export const SITEMAP_INDEX_PATH = '/sitemap.xml';
/** The pages of the site that are not a video's (or a channel's, or a search). */
export const PAGES_SITEMAP = 'pages.xml';
export const videosSitemap = (number: number) => `videos-${number}.xml`;
export const sitemapPath = (file: string) => `/sitemaps/${file}`;
/** The paths of PAGES_SITEMAP. */
export const STATIC_PAGE_PATHS = [pagePaths.home(), pagePaths.trending()];

/** A file under /sitemaps/ by its name: the static pages, or the videos' nth file (from 1). */
export type SitemapFile = { kind: 'pages' } | { kind: 'videos'; number: number };

export function parseSitemapName(name: string): SitemapFile | undefined {
  if (name === PAGES_SITEMAP) return { kind: 'pages' };
  const match = /^videos-([1-9]\d{0,8})\.xml$/.exec(name);
  return match ? { kind: 'videos', number: Number(match[1]) } : undefined;
}

const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};
const escapeXml = (text: string) => text.replace(/[&<>"']/g, (char) => XML_ESCAPES[char]!);

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';
const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/** Crawl everything but the API and the request tester; the sitemap index is where the pages are. */
export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    'Disallow: /mock',
    '',
    `Sitemap: ${origin}${SITEMAP_INDEX_PATH}`,
    '',
  ].join('\n');
}

/** The sitemap index: one <sitemap> per file, absolute addresses. */
export function sitemapIndexXml(origin: string, files: string[]): string {
  const entries = files.map(
    (file) => `<sitemap><loc>${escapeXml(origin + sitemapPath(file))}</loc></sitemap>`,
  );
  return `${XML_DECLARATION}<sitemapindex xmlns="${SITEMAP_NS}">\n${entries.join('\n')}\n</sitemapindex>\n`;
}

/** A sitemap file: one <url> per absolute address. */
export function urlSetXml(urls: Iterable<string>): string {
  let xml = `${XML_DECLARATION}<urlset xmlns="${SITEMAP_NS}">\n`;
  for (const url of urls) xml += `<url><loc>${escapeXml(url)}</loc></url>\n`;
  return `${xml}</urlset>\n`;
}

/** How many video files a catalogue of `videos` needs at `perFile` each. */
export const videoFileCount = (videos: number, perFile: number) => Math.ceil(videos / perFile);
