import { createClient } from '@libsql/client';
const c = createClient({ url: process.argv[2]! });
const qs = process.argv.slice(3);
for (const q of qs) { const r = await c.execute(q); console.log('> ' + q); console.table(r.rows.slice(0, 40)); }
