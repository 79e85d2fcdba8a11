// @vitest-environment jsdom
// (for DOMParser: the pages' HTML and the sitemaps' XML are read as a browser or crawler reads them)
import type { Hono } from 'hono';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { systemClock } from '../../api/clock';
import { createApi } from '../../api/create-api';
import { seedIfEmpty } from '../../api/seed/seed-data';
import { testHasher } from '../../api/testing/api-harness';
import type { Video } from '../../contract/entities';
import { createServerApp } from '../server-app';
import { loadStaticSite } from '../static-site';
import { openPostgresTestStore, openSqliteTestStore } from '../testing/open-test-store';
import { createTempDir } from '../testing/test-databases';
import { writeWebFixture } from '../testing/web-fixture';
import type { Logger } from '../logger';
import { SeoAnswers, type SeoStore } from './seo-answers';

const ORIGIN = 'https://tube.example.org';
/** Ten videos at three a file: four files (3, 3, 3, 1). */
const PER_FILE = 3;
const silent: Logger = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };

const stores = [
  { name: 'SQLite', open: () => openSqliteTestStore() },
  { name: 'PostgreSQL', open: () => openPostgresTestStore(inject('postgresUrl')) },
];

const hostile: Video = {
  _id: 'hostile-01',
  title: 'Escape </script><script>alert(1)</script> <!-- & "quotes" \u2028\u2029 end',
  channelName: 'Mallory </script>',
  views: 7,
  uploadedOn: '2024-02-29',
  avatar: 'https://ui-avatars.com/api/?name=M',
  description: '</SCRIPT><img src=x onerror=alert(2)> <!-- a comment? --> and on',
  categoryName: 'HTML',
};

/** A store that counts its reads of one video. */
function counting(store: SeoStore) {
  const counts = { getVideo: 0, catalogueIds: 0 };
  const counted: SeoStore = {
    catalogueVersion: () => store.catalogueVersion(),
    countVideos: () => store.countVideos(),
    getVideo: (id) => {
      counts.getVideo += 1;
      return store.getVideo(id);
    },
    getCourse: (slug) => store.getCourse(slug),
    catalogueIds: (offset, limit) => {
      counts.catalogueIds += 1;
      expect(limit).toBeLessThanOrEqual(PER_FILE);
      return store.catalogueIds(offset, limit);
    },
  };
  return { counted, counts };
}

const html = (text: string) => new DOMParser().parseFromString(text, 'text/html');
function xml(text: string): Document {
  const parsed = new DOMParser().parseFromString(text, 'application/xml');
  expect(parsed.getElementsByTagName('parsererror')).toHaveLength(0);
  return parsed;
}
const locs = (doc: Document) =>
  [...doc.getElementsByTagName('loc')].map((loc) => loc.textContent ?? '');
const metaContent = (doc: Document, name: string) =>
  doc.head.querySelector(`meta[property="${name}"], meta[name="${name}"]`)?.getAttribute('content');

describe.each(stores)('link previews and sitemaps on $name', ({ open }) => {
  const dir = createTempDir();
  let opened: Awaited<ReturnType<typeof open>>;
  let app: Hono;
  let site: string;
  let counts: { getVideo: number; catalogueIds: number };
  let store: SeoStore;
  let ids: string[];

  /** The server app on the store, with these SEO answers. */
  async function appWith(seo: SeoAnswers) {
    return createServerApp({
      api: createApi({
        store: opened.store,
        secret: 'x'.repeat(32),
        passwordHasher: testHasher,
        clock: systemClock,
      }),
      site: await loadStaticSite(site, { page: (request, text) => seo.page(request, text) }),
      seo,
      checkDatabase: async () => {},
      settleWrites: async () => {},
      log: silent,
    });
  }

  beforeAll(async () => {
    opened = await open();
    await seedIfEmpty(opened.store, testHasher, systemClock(), { extraVideos: 3 });
    await opened.store.upsertVideos([hostile]);
    site = writeWebFixture(dir.path);
    store = opened.store;
    const seoStore = counting(opened.store);
    counts = seoStore.counts;
    app = await appWith(
      new SeoAnswers(seoStore.counted, { publicUrl: ORIGIN, sitemapSize: PER_FILE }),
    );
    ids = (await opened.store.readCatalogue(undefined, 100)).videos.map((video) => video._id);
  });
  afterAll(async () => {
    await opened.close();
    await dir.drop();
  });

  it('holds ten videos, the hostile one last', () => {
    expect(ids).toHaveLength(10);
    expect(ids.at(-1)).toBe(hostile._id);
  });

  it("writes a watch page's title, Open Graph, Twitter card and VideoObject into index.html", async () => {
    const video = (await store.getVideo(ids[0]!))!;
    const answer = await app.request(`/watch/${video._id}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const doc = html(await answer.text());
    expect(doc.title).toBe(`${video.title} - CodeTube`);
    // index.html's own content is all there: the app still boots from it.
    expect(doc.getElementById('root')).not.toBeNull();
    expect(doc.head.querySelectorAll('title')).toHaveLength(1);
    const url = `${ORIGIN}/watch/${video._id}`;
    expect(doc.head.querySelector('link[rel=canonical]')?.getAttribute('href')).toBe(url);
    expect(metaContent(doc, 'description')).toBe(video.description);
    expect(metaContent(doc, 'og:type')).toBe('video.other');
    expect(metaContent(doc, 'og:title')).toBe(video.title);
    expect(metaContent(doc, 'og:description')).toBe(video.description);
    expect(metaContent(doc, 'og:url')).toBe(url);
    expect(metaContent(doc, 'og:image')).toBe(`https://i.ytimg.com/vi/${video._id}/hqdefault.jpg`);
    expect(metaContent(doc, 'og:video')).toBe(`https://www.youtube.com/embed/${video._id}`);
    expect(metaContent(doc, 'twitter:card')).toBe('summary_large_image');
    const scripts = doc.head.querySelectorAll('script[type="application/ld+json"]');
    expect(scripts).toHaveLength(1);
    expect(JSON.parse(scripts[0]!.textContent ?? '')).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'VideoObject',
      name: video.title,
      description: video.description,
      thumbnailUrl: [`https://i.ytimg.com/vi/${video._id}/hqdefault.jpg`],
      uploadDate: video.uploadedOn,
      embedUrl: `https://www.youtube.com/embed/${video._id}`,
      interactionStatistic: { userInteractionCount: video.views },
    });
  });

  it('keeps a hostile title inside its tags: one script, data only, that parses back', async () => {
    const doc = html(await (await app.request(`/watch/${hostile._id}`)).text());
    expect(doc.title).toBe(`${hostile.title} - CodeTube`);
    expect(doc.querySelectorAll('script')).toHaveLength(1);
    expect(doc.querySelectorAll('img')).toHaveLength(0);
    expect(metaContent(doc, 'og:title')).toBe(hostile.title);
    const ld = JSON.parse(doc.querySelector('script')!.textContent ?? '') as Record<
      string,
      unknown
    >;
    expect(ld.name).toBe(hostile.title);
    expect(ld.description).toBe(hostile.description);
    expect(ld.author).toEqual({ '@type': 'Person', name: hostile.channelName });
  });

  it('answers a video not in the catalogue 404, with the page the app shows it on', async () => {
    const answer = await app.request('/watch/not-a-video');
    expect(answer.status).toBe(404);
    const doc = html(await answer.text());
    expect(doc.title).toBe('Video not found - CodeTube');
    expect(metaContent(doc, 'robots')).toBe('noindex');
    expect(doc.getElementById('root')).not.toBeNull();
    expect((await app.request('/watch/not-a-video', { method: 'HEAD' })).status).toBe(404);
  });

  it('titles the other public pages and screens as the app does', async () => {
    const cases = [
      ['/', 'CodeTube', `${ORIGIN}/`],
      ['/trending', 'Trending - CodeTube', `${ORIGIN}/trending`],
      [
        '/results?q=css%20grid&x=1',
        'css grid - Search - CodeTube',
        `${ORIGIN}/results?q=css%20grid`,
      ],
      ['/channel/Tanay%20Pratap', 'Tanay Pratap - CodeTube', `${ORIGIN}/channel/Tanay%20Pratap`],
      ['/liked-videos', 'Liked Videos - CodeTube', undefined],
      ['/no/such/page', 'CodeTube', undefined],
    ] as const;
    for (const [path, title, canonical] of cases) {
      const answer = await app.request(path);
      expect(answer.status).toBe(200);
      const doc = html(await answer.text());
      expect(doc.title).toBe(title);
      expect(doc.head.querySelector('link[rel=canonical]')?.getAttribute('href')).toBe(canonical);
      expect(metaContent(doc, 'og:url')).toBe(canonical);
    }
  });

  it("titles the course pages with the course's own title and description; an unknown one is 404", async () => {
    await opened.store.upsertCourses([
      {
        slug: 'css-start',
        title: 'CSS from the start',
        description: 'Selectors, boxes and <layout>.',
        sections: [{ lessons: [ids[0]!, ids[1]!] }],
      },
    ]);
    const list = html(await (await app.request('/courses')).text());
    expect(list.title).toBe('Courses - CodeTube');
    expect(list.head.querySelector('link[rel=canonical]')?.getAttribute('href')).toBe(
      `${ORIGIN}/courses`,
    );
    const answer = await app.request('/course/css-start');
    expect(answer.status).toBe(200);
    const course = html(await answer.text());
    expect(course.title).toBe('CSS from the start - CodeTube');
    expect(metaContent(course, 'description')).toBe('Selectors, boxes and <layout>.');
    expect(metaContent(course, 'og:url')).toBe(`${ORIGIN}/course/css-start`);
    const missing = await app.request('/course/no-such-course');
    expect(missing.status).toBe(404);
    const doc = html(await missing.text());
    expect(doc.title).toBe('Course not found - CodeTube');
    expect(metaContent(doc, 'robots')).toBe('noindex');
  });

  it('compresses a page per answer and keeps it per catalogue version, with ETag and 304', async () => {
    const path = `/watch/${ids[1]}`;
    const plain = await (await app.request(path)).text();
    const before = counts.getVideo;
    const brotli = await app.request(path, { headers: { 'accept-encoding': 'br' } });
    expect(brotli.headers.get('content-encoding')).toBe('br');
    expect(brotli.headers.get('vary')).toBe('accept-encoding');
    expect(brotliDecompressSync(Buffer.from(await brotli.arrayBuffer())).toString()).toBe(plain);
    const gzip = await app.request(path, { headers: { 'accept-encoding': 'gzip' } });
    expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toBe(plain);
    const again = await app.request(path, { headers: { 'accept-encoding': 'br' } });
    await again.arrayBuffer();
    // Kept per coding: the catalogue was read once for the two codings, not again after.
    expect(counts.getVideo - before).toBe(2);

    const etag = brotli.headers.get('etag')!;
    expect(etag).toMatch(/^W\/"seo-/);
    const unchanged = await app.request(path, {
      headers: { 'accept-encoding': 'br', 'if-none-match': etag },
    });
    expect(unchanged.status).toBe(304);
    expect(await unchanged.text()).toBe('');
  });

  it('names the request’s own Host when PUBLIC_URL is unset (development)', async () => {
    const own = await appWith(new SeoAnswers(store, { sitemapSize: PER_FILE }));
    const asked = (path: string) =>
      own.request(`http://127.0.0.1:3000${path}`, { headers: { host: 'tube.local:8080' } });
    const doc = html(await (await asked('/trending')).text());
    expect(doc.head.querySelector('link[rel=canonical]')?.getAttribute('href')).toBe(
      'http://tube.local:8080/trending',
    );
    expect(await (await asked('/robots.txt')).text()).toContain(
      'Sitemap: http://tube.local:8080/sitemap.xml',
    );
  });

  it('never takes the origin from an absolute-form request line, nor a Host that is no host', async () => {
    const own = await appWith(new SeoAnswers(store, { sitemapSize: PER_FILE }));
    // `GET https://evil.example/… HTTP/1.1` with `Host: tube.local`: node-server's URL is the line's.
    const asked = (path: string, host?: string) =>
      own.request(`https://evil.example${path}`, { headers: host ? { host } : {} });
    const canonical = async (answer: Response | Promise<Response>) =>
      html(await (await answer).text())
        .head.querySelector('link[rel=canonical]')
        ?.getAttribute('href');
    expect(await canonical(asked('/trending', 'tube.local'))).toBe('http://tube.local/trending');
    expect(await (await asked('/robots.txt', 'tube.local')).text()).toContain(
      'Sitemap: http://tube.local/sitemap.xml',
    );
    const index = await (await asked('/sitemap.xml', 'tube.local')).text();
    expect(index).toContain('<loc>http://tube.local/sitemaps/');
    expect(index).not.toContain('evil.example');
    // No Host, or one with a path or credentials: the server's own name, never the line's.
    for (const host of [undefined, 'evil.example/x', 'user@evil.example', 'a b']) {
      const link = await canonical(asked('/trending', host));
      expect(link).toBe('http://localhost/trending');
    }
  });

  it('answers 503 while the database is out of reach: a page with the site’s head, the sitemaps JSON', async () => {
    const down = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    const failed: unknown[] = [];
    const unreachable: SeoStore = {
      catalogueVersion: () => Promise.reject(down),
      countVideos: () => Promise.reject(down),
      getVideo: () => Promise.reject(down),
      getCourse: () => Promise.reject(down),
      catalogueIds: () => Promise.reject(down),
    };
    const offline = await appWith(
      new SeoAnswers(unreachable, { publicUrl: ORIGIN, failed: (error) => failed.push(error) }),
    );
    const page = await offline.request(`/watch/${ids[0]}`);
    expect(page.status).toBe(503);
    expect(page.headers.get('retry-after')).toBe('5');
    const doc = html(await page.text());
    expect(doc.title).toBe('CodeTube');
    expect(doc.getElementById('root')).not.toBeNull();
    expect(failed).toEqual([down]);
    for (const path of ['/sitemap.xml', '/sitemaps/videos-1.xml']) {
      const answer = await offline.request(path);
      expect(answer.status).toBe(503);
      expect(answer.headers.get('retry-after')).toBe('5');
      expect(await answer.json()).toEqual({
        errors: [expect.stringMatching(/^The database is not reachable/)],
      });
    }
  });

  it('serves robots.txt: everything but the API and the tester, and the sitemap', async () => {
    const answer = await app.request('/robots.txt');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const lines = (await answer.text()).split('\n');
    expect(lines).toEqual(
      expect.arrayContaining([
        'User-agent: *',
        'Allow: /',
        'Disallow: /api/',
        'Disallow: /mock',
        `Sitemap: ${ORIGIN}/sitemap.xml`,
      ]),
    );
  });

  it('lists the static pages and one file per three videos in the sitemap index', async () => {
    const answer = await app.request('/sitemap.xml');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    const doc = xml(await answer.text());
    expect(doc.documentElement.localName).toBe('sitemapindex');
    expect(doc.documentElement.namespaceURI).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    expect(locs(doc)).toEqual([
      `${ORIGIN}/sitemaps/pages.xml`,
      `${ORIGIN}/sitemaps/videos-1.xml`,
      `${ORIGIN}/sitemaps/videos-2.xml`,
      `${ORIGIN}/sitemaps/videos-3.xml`,
      `${ORIGIN}/sitemaps/videos-4.xml`,
    ]);
    const head = await app.request('/sitemap.xml', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('etag')).toBe(answer.headers.get('etag'));
    expect(await head.text()).toBe('');
    const pages = xml(await (await app.request('/sitemaps/pages.xml')).text());
    expect(pages.documentElement.localName).toBe('urlset');
    expect(locs(pages)).toEqual([`${ORIGIN}/`, `${ORIGIN}/trending`]);
  });

  it('splits the catalogue into files of at most the cap, in order', async () => {
    const files: string[][] = [];
    for (let number = 1; number <= 4; number += 1) {
      const answer = await app.request(`/sitemaps/videos-${number}.xml`);
      expect(answer.status).toBe(200);
      const doc = xml(await answer.text());
      expect(doc.documentElement.localName).toBe('urlset');
      files.push(locs(doc));
    }
    expect(files.map((file) => file.length)).toEqual([3, 3, 3, 1]);
    expect(files.flat()).toEqual(ids.map((id) => `${ORIGIN}/watch/${encodeURIComponent(id)}`));
    for (const name of ['videos-5.xml', 'videos-0.xml', 'videos-01.xml', 'other.xml']) {
      expect((await app.request(`/sitemaps/${name}`)).status).toBe(404);
    }
  });

  it('reads a later file first with one read of its own ids, then keeps it', async () => {
    const { counted, counts: reads } = counting(store);
    const fresh = await appWith(
      new SeoAnswers(counted, { publicUrl: ORIGIN, sitemapSize: PER_FILE }),
    );
    const last = xml(await (await fresh.request('/sitemaps/videos-4.xml')).text());
    expect(locs(last)).toEqual([`${ORIGIN}/watch/${hostile._id}`]);
    // No file before it read: the store's index read starts at the file's place.
    expect(reads.catalogueIds).toBe(1);
    const third = xml(await (await fresh.request('/sitemaps/videos-3.xml')).text());
    expect(locs(third)).toHaveLength(3);
    expect(reads.catalogueIds).toBe(2);
    await (await fresh.request('/sitemaps/videos-4.xml')).text();
    expect(reads.catalogueIds).toBe(2);
  });

  it('answers a changed catalogue with new files, not the kept ones', async () => {
    const before = locs(xml(await (await app.request('/sitemaps/videos-4.xml')).text()));
    expect(before).toHaveLength(1);
    await opened.store.upsertVideos([{ ...hostile, _id: 'added-0001', title: 'Added' }]);
    const after = locs(xml(await (await app.request('/sitemaps/videos-4.xml')).text()));
    expect(after).toEqual([`${ORIGIN}/watch/${hostile._id}`, `${ORIGIN}/watch/added-0001`]);
    const page = html(await (await app.request('/watch/added-0001')).text());
    expect(page.title).toBe('Added - CodeTube');
    await opened.store.removeVideos(['added-0001']);
    expect((await app.request('/watch/added-0001')).status).toBe(404);
  });
});

describe('the sitemap files at their real size', () => {
  it('lists at most 50,000 videos a file (however large the catalogue)', async () => {
    const total = 120_000;
    const limits: number[] = [];
    // A catalogue of 120,000 videos whose ids are made up as they are read.
    const large: SeoStore = {
      catalogueVersion: async () => '1',
      countVideos: async () => total,
      getVideo: async () => undefined,
      getCourse: async () => undefined,
      catalogueIds: async (offset, limit) => {
        limits.push(limit);
        const end = Math.min(offset + limit, total);
        return Array.from({ length: Math.max(0, end - offset) }, (_, at) => `v${offset + at}`);
      },
    };
    const seo = new SeoAnswers(large, { publicUrl: ORIGIN, sitemapSize: 1_000_000 });
    const get = async (path: string, answer: Promise<Response>) => {
      const response = await answer;
      expect(response.status, path).toBe(200);
      return response.text();
    };
    // The large files are read with a pattern: jsdom's XML parser takes minutes over 50,000 URLs.
    const locsIn = (text: string) => [...text.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
    const index = xml(await get('index', seo.sitemapIndex(new Request(`${ORIGIN}/sitemap.xml`))));
    expect(locs(index).slice(1)).toEqual(
      [1, 2, 3].map((n) => `${ORIGIN}/sitemaps/videos-${n}.xml`),
    );
    const sizes: number[] = [];
    for (const n of [1, 2, 3]) {
      const name = `videos-${n}.xml`;
      const file = await get(name, seo.sitemap(new Request(`${ORIGIN}/sitemaps/${name}`), name));
      const urls = locsIn(file);
      sizes.push(urls.length);
      expect(urls[0]).toBe(`${ORIGIN}/watch/v${(n - 1) * 50_000}`);
    }
    expect(sizes).toEqual([50_000, 50_000, 20_000]);
    // One read a file, of at most the cap.
    expect(limits).toEqual([50_000, 50_000, 50_000]);
  });
});
