import { createApi } from '../src/api/create-api';
import { openDatabase } from '../src/server/db/open-database';
import { SqlStore } from '../src/server/db/sql-store';
import { nodeTokenCodec } from '../src/server/auth/node-token-codec';
import { createPbkdf2Hasher } from '../src/api/auth/password';
import { systemClock } from '../src/api/clock';
import { readFileSync } from 'node:fs';
const database = openDatabase({ dialect: 'sqlite', path: '/tmp/scratch/d3900/db.sqlite' });
const store = new SqlStore(database.db);
const api = createApi({
  store,
  secret: 'benchmark-secret-of-at-least-32-characters',
  tokenCodec: nodeTokenCodec,
  passwordHasher: createPbkdf2Hasher(1000),
  clock: systemClock,
});
const token = readFileSync('/tmp/scratch/token.txt', 'utf8').trim();
const r = await api.request('/api/user/likes', { headers: { authorization: token } });
console.log(r.status, await r.text());
for (const [name, path, headers] of [
  ['likes', '/api/user/likes', { authorization: token }],
  ['videos', '/api/videos', {}],
  ['session', null, null],
] as const) {
  for (let k = 0; k < 3; k++) {
    const n = 5000;
    const t = performance.now();
    for (let i = 0; i < n; i++) {
      if (path) {
        const res = await api.request(path, { headers });
        await res.arrayBuffer();
      } else await store.findSession('x', 'y');
    }
    console.log(name, (((performance.now() - t) / n) * 1000).toFixed(1), 'µs');
  }
}
