import { readFileSync } from 'node:fs';

/**
 * CodeTube's version, package.json's: in GET /api/health and the metrics' build info. Read from
 * the project's folder, two levels above this module both as a source (src/server) and in the
 * bundle (dist/server), as a production install has it (docs/operators.md "Deploy").
 */
export function codetubeVersion(): string {
  try {
    const manifest = readFileSync(new URL('../../package.json', import.meta.url), 'utf8');
    const { version } = JSON.parse(manifest) as { version?: unknown };
    return typeof version === 'string' ? version : 'unknown';
  } catch {
    return 'unknown';
  }
}
