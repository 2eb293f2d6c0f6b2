// The two ceilings every scenario is compared with, measured on the same machine in the same run:
// a bare Fastify route answering a fixed JSON body, and a bare route answering one primary-key query
// through pg (a named, prepared statement) with no gateway, validation or mapping around it.
import Fastify from 'fastify';
import pg from 'pg';

const port = Number(process.argv[2] ?? 18090);
const databaseUrl = process.argv[3];
const pool = new pg.Pool({ connectionString: databaseUrl, max: 20, options: '-c max_parallel_workers_per_gather=0' });
const app = Fastify({ logger: false });
const fixed = { code: '0', msg: '', data: { id: 'ceiling', name: 'A fixed body', price: '12.50' } };

app.get('/json', async () => fixed);
app.get('/pk', async (request) => {
  const result = await pool.query({
    name: 'ceiling_pk',
    text: 'select id, goods_id, shop_id, selling_price::text, sold_num, review_count from seller_goods where id = $1',
    values: [request.query.id],
  });
  return { code: '0', msg: '', data: result.rows[0] ?? null };
});

await app.listen({ host: '127.0.0.1', port });
process.stdout.write('ready\n');
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, async () => {
    await app.close();
    await pool.end();
    process.exit(0);
  });
}
