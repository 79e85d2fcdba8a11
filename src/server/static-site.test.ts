import { utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { loadStaticSite } from './static-site';
import { createTempDir } from './testing/test-databases';
import { fixtureAssetPath, writeWebFixture } from './testing/web-fixture';

describe('loadStaticSite', () => {
  const dir = createTempDir();
  afterAll(dir.drop);
  const get = (site: Awaited<ReturnType<typeof loadStaticSite>>, path: string, encoding: string) =>
    site(new Request(`http://site${path}`, { headers: { 'accept-encoding': encoding } }));

  it('serves the compressed copies the build wrote, unless they are older than the file', async () => {
    const root = writeWebFixture(join(dir.path, 'copies'));
    const file = join(root, fixtureAssetPath);
    // Stand-ins that differ from what compressing the file would give: they show which was used.
    writeFileSync(`${file}.br`, 'brotli copy');
    writeFileSync(`${file}.gz`, 'gzip copy');
    const fresh = await loadStaticSite(root);
    expect(await get(fresh, fixtureAssetPath, 'br')?.text()).toBe('brotli copy');
    expect(await get(fresh, fixtureAssetPath, 'gzip')?.text()).toBe('gzip copy');
    // The copies are no files of their own: their paths get the app, like any unknown path.
    expect(get(fresh, `${fixtureAssetPath}.br`, '')?.status).toBe(404);

    const past = new Date(Date.now() - 60_000);
    utimesSync(`${file}.br`, past, past);
    utimesSync(`${file}.gz`, past, past);
    const stale = await loadStaticSite(root);
    const original = await get(stale, fixtureAssetPath, '')?.text();
    const brotli = await get(stale, fixtureAssetPath, 'br')?.arrayBuffer();
    const gzip = await get(stale, fixtureAssetPath, 'gzip')?.arrayBuffer();
    expect(brotliDecompressSync(Buffer.from(brotli!)).toString()).toBe(original);
    expect(gunzipSync(Buffer.from(gzip!)).toString()).toBe(original);
  });
});
