import { PGlite } from '@electric-sql/pglite';
const t0 = Date.now();
const pg = new PGlite();
await pg.waitReady;
console.log('init', Date.now()-t0, process.memoryUsage().rss/1e6);
const r = await pg.query('select 1 as x');
console.log(r.rows);
if (pg.dumpDataDir) { const t1=Date.now(); const f = await pg.dumpDataDir('none'); console.log('dump', Date.now()-t1, f.size);
 const t2=Date.now(); const p2 = new PGlite({ loadDataDir: f }); await p2.waitReady; console.log('load', Date.now()-t2, process.memoryUsage().rss/1e6); }
