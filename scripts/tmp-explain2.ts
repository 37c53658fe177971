import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/client.js';
import { normalizeSearch } from '@sorkhab/shared';
const database = await openDatabase({ dataDir: '/tmp/searchdb' });
const db = database.db as any;
async function run(label: string, text: string, pre = '') {
  if (pre) await db.execute(sql.raw(pre));
  const t = Date.now();
  const res = await db.execute(sql.raw(`explain analyze ${text}`));
  const rows = (res.rows ?? res).map((r: any) => Object.values(r)[0]);
  console.log(label, Date.now() - t, 'ms |', rows.filter((r: string) => /Scan|Execution/.test(r)).map((r: string) => r.trim().slice(0, 110)).join(' | '));
}
for (const raw of process.argv.slice(2)) {
  const q = normalizeSearch(raw);
  const words = q.split(' ');
  const like = words.map((w) => `search_text like '%${w}%'`).join(' and ');
  const fuzzy = words.map((w) => `'${w}' <% search_text`).join(' and ');
  await run(`${raw} exact`, `select id, count(*) over() from products where is_deleted = false and ${like} order by (search_text like '${q}%') desc, strpos(search_text, '${q}'), sold_count desc, id desc limit 12`);
  await run(`${raw} fuzzy`, `select id, count(*) over() from products where is_deleted = false and ${fuzzy} order by word_similarity('${q}', search_text) desc, sold_count desc, id desc limit 12`);
  await run(`${raw} fuzzy-noseq`, `select id, count(*) over() from products where is_deleted = false and ${fuzzy} order by word_similarity('${q}', search_text) desc, sold_count desc, id desc limit 12`, 'set enable_seqscan = off');
  await db.execute(sql.raw('set enable_seqscan = on'));
}
await database.close();
