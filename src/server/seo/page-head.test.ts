import { describe, expect, it } from 'vitest';
import type { Video } from '../../contract/entities';
import { seedVideos } from '../../api/seed/videos';
import { jsonForScript, pageHead, shortDescription } from './page-head';

const origin = 'https://tube.example.org';
const video = seedVideos[0]!;

/** Every `<meta property|name="…" content="…">` of the tags, by name (the last one of a name). */
function metaOf(tags: string): Record<string, string> {
  const found: Record<string, string> = {};
  for (const match of tags.matchAll(/<meta (?:name|property)="([^"]+)" content="([^"]*)" \/>/g)) {
    found[match[1]!] = match[2]!;
  }
  return found;
}

/** The JSON-LD script's text: everything up to the first `</script` (as an HTML parser ends it). */
function jsonLdOf(tags: string): string {
  const start = tags.indexOf('<script type="application/ld+json">');
  expect(start).toBeGreaterThanOrEqual(0);
  const text = tags.slice(start + '<script type="application/ld+json">'.length);
  return text.slice(0, text.search(/<\/script/i));
}

describe('pageHead', () => {
  it("gives a watch page the video's title, description, thumbnail, embed and VideoObject", () => {
    const head = pageHead({ page: 'watch', video }, origin);
    expect(head.status).toBe(200);
    expect(head.tags).toContain(`<title>${video.title} - CodeTube</title>`);
    expect(head.tags).toContain(`<link rel="canonical" href="${origin}/watch/${video._id}" />`);
    const meta = metaOf(head.tags);
    expect(meta).toMatchObject({
      description: video.description,
      'og:type': 'video.other',
      'og:title': video.title,
      'og:description': video.description,
      'og:url': `${origin}/watch/${video._id}`,
      'og:image': `https://i.ytimg.com/vi/${video._id}/hqdefault.jpg`,
      'og:video': `https://www.youtube.com/embed/${video._id}`,
      'twitter:card': 'summary_large_image',
    });
    expect(meta.robots).toBeUndefined();
    expect(JSON.parse(jsonLdOf(head.tags))).toEqual({
      '@context': 'https://schema.org',
      '@type': 'VideoObject',
      name: video.title,
      description: video.description,
      thumbnailUrl: [`https://i.ytimg.com/vi/${video._id}/hqdefault.jpg`],
      uploadDate: video.uploadedOn,
      embedUrl: `https://www.youtube.com/embed/${video._id}`,
      url: `${origin}/watch/${video._id}`,
      author: { '@type': 'Person', name: video.channelName },
      interactionStatistic: {
        '@type': 'InteractionCounter',
        interactionType: { '@type': 'WatchAction' },
        userInteractionCount: video.views,
      },
    });
  });

  it("gives the VideoObject the video's duration in ISO 8601 when the catalogue knows it", () => {
    const durationOf = (duration: number) =>
      JSON.parse(jsonLdOf(pageHead({ page: 'watch', video: { ...video, duration } }, origin).tags))
        .duration as string;
    expect(durationOf(725)).toBe('PT12M5S');
    expect(durationOf(3723)).toBe('PT1H2M3S');
    expect(durationOf(3600)).toBe('PT1H');
    expect(durationOf(7)).toBe('PT7S');
    expect(
      JSON.parse(jsonLdOf(pageHead({ page: 'watch', video }, origin).tags)),
    ).not.toHaveProperty('duration');
  });

  it('keeps a hostile title and description inside their attribute, element and script', () => {
    const hostile: Video = {
      ...video,
      _id: 'a"b<c',
      title: '</script><script>alert(1)</script><!-- "quoted" & \'single\' \u2028\u2029',
      description: '</SCRIPT><img src=x onerror=alert(2)> <!-- -->',
    };
    const head = pageHead({ page: 'watch', video: hostile }, origin);
    // Nothing but the one JSON-LD script, no element made of the title's text.
    expect(head.tags.match(/<script/gi)).toHaveLength(1);
    expect(head.tags.match(/<\/script/gi)).toHaveLength(1);
    expect(head.tags).not.toContain('<img');
    expect(head.tags).not.toContain('<!--');
    expect(head.tags).not.toMatch(/[\u2028\u2029]/);
    // The values read back whole: the attributes once unescaped, the JSON once parsed.
    const meta = metaOf(head.tags);
    const unescape = (text: string) =>
      text
        .replaceAll('&lt;', '<')
        .replaceAll('&gt;', '>')
        .replaceAll('&quot;', '"')
        .replaceAll('&#39;', "'")
        .replaceAll('&#x2028;', '\u2028')
        .replaceAll('&#x2029;', '\u2029')
        .replaceAll('&amp;', '&');
    expect(unescape(meta['og:title']!)).toBe(hostile.title);
    const ld = JSON.parse(jsonLdOf(head.tags)) as { name: string; description: string };
    expect(ld.name).toBe(hostile.title);
    expect(ld.description).toBe(hostile.description);
    expect(head.tags).toContain(`<link rel="canonical" href="${origin}/watch/a%22b%3Cc" />`);
  });

  it('answers a missing video 404 with the title the app shows, not to be indexed', () => {
    const head = pageHead({ page: 'video-not-found' }, origin);
    expect(head.status).toBe(404);
    expect(head.title).toBe('Video not found - CodeTube');
    expect(metaOf(head.tags).robots).toBe('noindex');
    expect(head.tags).not.toContain('canonical');
  });

  it('titles each public page as the app does, with its canonical address', () => {
    const cases = [
      [{ page: 'home' }, 'CodeTube', `${origin}/`],
      [{ page: 'trending' }, 'Trending - CodeTube', `${origin}/trending`],
      [
        { page: 'results', query: ' css grid ' },
        'css grid - Search - CodeTube',
        `${origin}/results?q=css%20grid`,
      ],
      [
        { page: 'channel', channelName: 'Kevin & Co' },
        'Kevin &amp; Co - CodeTube',
        `${origin}/channel/Kevin%20%26%20Co`,
      ],
    ] as const;
    for (const [data, title, url] of cases) {
      const head = pageHead(data, origin);
      expect(head.tags).toContain(`<title>${title}</title>`);
      expect(head.tags).toContain(`<link rel="canonical" href="${url}" />`);
      const meta = metaOf(head.tags);
      expect(meta['og:url']).toBe(url);
      expect(meta['og:type']).toBe('website');
      expect(meta['twitter:card']).toBe('summary');
      expect(meta.description).toBeTruthy();
      expect(meta.robots).toBeUndefined();
    }
  });

  it('gives signed-in screens and unknown paths their title and no canonical, not indexed', () => {
    const liked = pageHead({ page: 'screen', screen: 'liked-videos' }, origin);
    expect(liked.title).toBe('Liked Videos - CodeTube');
    expect(metaOf(liked.tags).robots).toBe('noindex');
    expect(liked.tags).not.toContain('canonical');
    expect(pageHead({ page: 'unknown' }, origin).title).toBe('CodeTube');
  });
});

describe('shortDescription and jsonForScript', () => {
  it('cuts a long description at a word, on one line', () => {
    const text = `${'word '.repeat(60)}\n\nend`;
    const short = shortDescription(text);
    expect(short.length).toBeLessThanOrEqual(200);
    expect(short).toMatch(/^word( word)*…$/);
    expect(shortDescription('  two\n lines ')).toBe('two lines');
  });

  it('writes JSON that parses back to the same value, without characters that end a script', () => {
    const value = { text: '</script><!--&>\u2028\u2029' };
    const json = jsonForScript(value);
    expect(json).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(json)).toEqual(value);
  });
});
