import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const fixtureIndexHtml =
  '<!doctype html><html><head><title>CodeTube</title></head><body><div id="root"><!--app--><div class="boot-bar"></div><!--/app--></div></body></html>';
export const fixtureAssetPath = '/assets/app-0123abcd.js';

/** A tiny stand-in for dist/web (index.html and one hashed asset), so tests need no build. */
export function writeWebFixture(dir: string): string {
  const root = join(dir, 'web');
  mkdirSync(join(root, 'assets'), { recursive: true });
  writeFileSync(join(root, 'index.html'), fixtureIndexHtml);
  writeFileSync(join(root, fixtureAssetPath), `console.log(${JSON.stringify('x'.repeat(2000))});`);
  return root;
}
