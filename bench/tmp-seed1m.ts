import { migrateToLatest, openDatabase } from '../src/server/db/open-database';
import { SqlStore } from '../src/server/db/sql-store';
const url = process.env.DB ?? '/tmp/seed1m/db.sqlite';
const database = url.startsWith('postgres') ? openDatabase({ dialect: 'postgres', url }) : openDatabase({ dialect: 'sqlite', path: url });
await migrateToLatest(database);
const store = new SqlStore(database.db);
const time = async (label: string, f: () => Promise<unknown>) => { const s = performance.now(); const r: any = await f(); console.log(label, (performance.now() - s).toFixed(1), 'ms', JSON.stringify(r).slice(0, 100)); };
for (let i = 0; i < 2; i++) {
for (const q of ['react', 'lesson 4242', 'deep dive', 'tanay', 'css', 'go', 'zq', 'pratap generated', '#4711']) {
  await time(`results ${q}`, () => store.searchVideos(q, { offset: 0, limit: 24 }).then(p => [p.total, p.videos[0]?.title]));
}
await time('results react p2', () => store.searchVideos('react', { offset: 24, limit: 24 }).then(p => [p.total, p.videos[0]?.title]));
for (const q of ['React', '#12345', 'Js', 'zz', 'Tips #99']) await time(`home ${q}`, () => store.queryVideos({ search: q, offset: 0, limit: 24 }).then(p => p.total));
}
await database.close();
