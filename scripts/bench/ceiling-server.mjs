// The ceilings the scenarios are compared with, measured on the same machine in the same run: a bare
// Fastify route answering a fixed JSON body, and bare routes answering one query through pg (a named,
// prepared statement) with no gateway, validation or mapping around it: a primary key, a 20-row page of
// the catalogue in its default order (the goods, their shop), and a buyer's newest 20 orders.
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

app.get('/goods-page', async (request) => {
  const result = await pool.query({
    name: 'ceiling_goods_page',
    // the page is cut on the listings' index first, then joined (as the API's query does: joining first
    // sorts every visible listing for each page)
    text: `with page as (select sg.id from seller_goods sg where sg.visible order by sg.sold_num desc nulls last, sg.id limit 20 offset $1)
           select sg.id, sg.goods_id, sg.shop_id, s.name as shop_name, sg.selling_price::text, sg.sold_num, sg.review_count, g.names, g.images
           from page join seller_goods sg on sg.id = page.id join goods g on g.id = sg.goods_id join shops s on s.id = sg.shop_id
           order by sg.sold_num desc nulls last, sg.id`,
    values: [Number(request.query.offset ?? 0)],
  });
  return { code: '0', msg: '', data: result.rows };
});
app.get('/order-page', async (request) => {
  const result = await pool.query({
    name: 'ceiling_order_page',
    text: `select id, status, goods_amount::text, created_at from orders where buyer_id = $1 order by created_at desc, id desc limit 20`,
    values: [request.query.buyer],
  });
  return { code: '0', msg: '', data: result.rows };
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
