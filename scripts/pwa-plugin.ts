import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

const template = new URL('../src/web/pwa/service-worker.js', import.meta.url);

/**
 * Emits /sw.js: the service-worker template with the build's files to precache (every emitted
 * file but source maps) and a version that changes whenever they do.
 */
export function pwaPlugin(): Plugin {
  let publicFiles: string[] = [];
  return {
    name: 'codetube-pwa',
    apply: 'build',
    configResolved(config) {
      publicFiles = config.publicDir
        ? readdirSync(config.publicDir, { recursive: true, withFileTypes: true })
            .filter((entry) => entry.isFile())
            .map((entry) => `${entry.parentPath}/${entry.name}`.slice(config.publicDir.length + 1))
        : [];
    },
    generateBundle(_options, bundle) {
      const files = [...Object.keys(bundle), ...publicFiles]
        .filter((name) => !name.endsWith('.map') && name !== 'index.html')
        .map((name) => `/${name}`);
      const precache = ['/index.html', ...files].sort();
      const version = createHash('sha256').update(precache.join('\n')).digest('hex').slice(0, 12);
      const source = readFileSync(template, 'utf8')
        .replace('__VERSION__', version)
        .replace('__PRECACHE__', JSON.stringify(precache));
      this.emitFile({ type: 'asset', fileName: 'sw.js', source });
    },
  };
}
