// The baseline: a bare Fastify hello-world route, on the same machine and in the same run as the app. With
// BARE_DATABASE_URL, also `GET /one-statement`: the same answer after one prepared `SELECT 1` through a pool of the
// app's default size, the ceiling of any answer that reads the database once on this machine (decision 308).
import Fastify from 'fastify';
import pg from 'pg';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
const databaseUrl = process.env.BARE_DATABASE_URL;
if (databaseUrl) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  app.get('/one-statement', async () => {
    await pool.query({ name: 'one', text: 'SELECT 1' });
    return { hello: 'world' };
  });
}
await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
process.send?.({ ready: true });
