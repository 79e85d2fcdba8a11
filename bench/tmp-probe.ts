import Database from 'better-sqlite3';
import { foldForSearch } from '../src/api/catalogue/search-text';
const db = new Database('/tmp/seed1m/db.sqlite', { readonly: true });
db.function('codetube_fold', { deterministic: true }, (v: unknown) => typeof v === 'string' ? foldForSearch(v) : v);
const t = (label: string, q: string) => { const s = performance.now(); const r = db.prepare(q).all(); console.log(label, (performance.now() - s).toFixed(1), 'ms', r.length, JSON.stringify(r[0]).slice(0, 60)); };
for (let i = 0; i < 2; i++) {
t('count any tanay 1001', `select count(*) from (select 1 from videos v where v.position in (select rowid from videos_search where videos_search match '"tanay"') limit 1001)`);
t('count fts-only tanay 1001', `select count(*) from (select rowid from videos_search where videos_search match '"tanay"' limit 1001)`);
t('count rest tanay 20k', `select count(*) from (select 1 from videos v where v.position in (select rowid from videos_search where videos_search match '{channel_name description} : "tanay"') and not v.position in (select rowid from videos_search where videos_search match 'title : "tanay"') limit 20001)`);
t('walk rest tanay', `select v.id from videos v indexed by videos_views where not (codetube_fold(v.title) like '%tanay%' escape '\\') and codetube_fold(v.channel_name || ' ' || v.description) like '%tanay%' escape '\\' order by v.views desc, v.position limit 24`);
t('walk title react', `select v.id from videos v indexed by videos_views where codetube_fold(v.title) like '%react%' escape '\\' order by v.views desc, v.position limit 24`);
t('count title react 20k', `select count(*) from (select 1 from videos v where v.position in (select rowid from videos_search where videos_search match 'title : "react"') limit 20001)`);
}
console.log(db.prepare(`explain query plan select count(*) from (select 1 from videos v where v.position in (select rowid from videos_search where videos_search match 'title : "react"') limit 20001)`).all().map((r: any) => r.detail));
