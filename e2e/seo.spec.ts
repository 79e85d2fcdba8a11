import { expect, seed, test } from './support';

// What a link preview or a search engine that runs no script reads: the server's HTML and XML,
// fetched without a browser. Server mode only: the mock build is a static app whose every path
// is the one index.html.
test.beforeEach(() => {
  test.skip(test.info().project.name === 'mock', 'the mock build serves one static index.html');
});

/** The `content` of `<meta property|name="…">`, HTML references undone. */
function metaContent(html: string, name: string): string | undefined {
  const found = new RegExp(`<meta (?:property|name)="${name}" content="([^"]*)"`).exec(html);
  return found?.[1]
    ?.replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');
}

test("a watch page's HTML carries its title, Open Graph tags and VideoObject", async ({
  request,
  baseURL,
}) => {
  const answer = await request.get(`/watch/${seed.css.id}`);
  expect(answer.status()).toBe(200);
  const html = await answer.text();
  expect(html).toContain(`<title>${seed.css.title} - CodeTube</title>`);
  const url = `${baseURL}/watch/${seed.css.id}`;
  expect(html).toContain(`<link rel="canonical" href="${url}" />`);
  expect(metaContent(html, 'og:type')).toBe('video.other');
  expect(metaContent(html, 'og:title')).toBe(seed.css.title);
  expect(metaContent(html, 'og:url')).toBe(url);
  expect(metaContent(html, 'og:image')).toBe(`https://i.ytimg.com/vi/${seed.css.id}/hqdefault.jpg`);
  expect(metaContent(html, 'og:video')).toBe(`https://www.youtube.com/embed/${seed.css.id}`);
  expect(metaContent(html, 'twitter:card')).toBe('summary_large_image');
  const description = metaContent(html, 'og:description');
  expect(description?.length).toBeGreaterThan(20);

  const script = /<script type="application\/ld\+json">([^<]*)<\/script>/.exec(html);
  expect(script).not.toBeNull();
  expect(JSON.parse(script![1]!)).toMatchObject({
    '@context': 'https://schema.org',
    '@type': 'VideoObject',
    name: seed.css.title,
    thumbnailUrl: [`https://i.ytimg.com/vi/${seed.css.id}/hqdefault.jpg`],
    embedUrl: `https://www.youtube.com/embed/${seed.css.id}`,
    interactionStatistic: { '@type': 'InteractionCounter' },
  });
  // One inline script runs: the boot script, which the CSP allows by its hash (and no other); the
  // others are data only, JSON-LD and the rendered page's data.
  const inline = [...html.matchAll(/<script\b([^>]*)>([^<]{0,20})/g)].filter(
    ([, attrs]) => !/\bsrc=/.test(attrs!),
  );
  expect(inline.map(([, attrs]) => attrs!.trim())).toEqual([
    '',
    'type="application/ld+json"',
    'id="codetube-data" type="application/json"',
  ]);
  const csp = answer.headers()['content-security-policy'] ?? '';
  const scriptSources = /script-src ([^;]*)/.exec(csp)?.[1]?.split(' ') ?? [];
  expect(scriptSources.filter((source) => source.startsWith("'sha256-"))).toHaveLength(1);
  expect(scriptSources).not.toContain("'unsafe-inline'");
  // The app still boots from it: its module is fetched at low priority and linked inert, for the
  // boot script to run once the page has painted; its stylesheets inline.
  expect(html).toMatch(
    /<link rel="modulepreload" fetchpriority="low" crossorigin href="\/assets\/index-[^"]+\.js">/,
  );
  expect(html).toMatch(
    /<script type="codetube\/module-after-paint" crossorigin src="\/assets\/index-[^"]+\.js">/,
  );
  expect(html).not.toMatch(/<script type="module"/);
  expect(html).not.toMatch(/<link rel="stylesheet"/);
  const styles = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map(([, text]) => text!);
  expect(styles.some((text) => text.includes('.visually-hidden'))).toBe(true);

  const missing = await request.get('/watch/no-such-video');
  expect(missing.status()).toBe(404);
  expect(await missing.text()).toContain('<title>Video not found - CodeTube</title>');
});

test('robots.txt points to the sitemap, whose first file lists watch pages', async ({
  request,
  baseURL,
}) => {
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toContain('Disallow: /api/');
  expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`);

  const index = await request.get('/sitemap.xml');
  expect(index.headers()['content-type']).toBe('application/xml; charset=utf-8');
  const files = [...(await index.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
  expect(files).toContain(`${baseURL}/sitemaps/pages.xml`);
  expect(files).toContain(`${baseURL}/sitemaps/videos-1.xml`);

  const first = await request.get('/sitemaps/videos-1.xml');
  expect(first.status()).toBe(200);
  const xml = await first.text();
  expect(xml).toMatch(
    /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9">/,
  );
  const urls = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
  // The e2e catalogue: the six seed videos and 94 made-up ones, all in the first file.
  expect(urls).toHaveLength(100);
  expect(urls).toContain(`${baseURL}/watch/${seed.html5.id}`);
  expect((await request.get('/sitemaps/videos-2.xml')).status()).toBe(404);
});
