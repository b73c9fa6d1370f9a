import pg from 'pg';

/**
 * A database of a bench's own on `admin`'s PostgreSQL server, dropped and made afresh, as a URL to open it with. The
 * name goes into DDL unquoted, so it is held to lower-case letters, digits and `_` (a name from the environment).
 */
export async function freshDatabase(admin: string, name: string): Promise<string> {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`database name ${name}: lower-case letters, digits and _ only`);
  const setup = new pg.Client({ connectionString: admin });
  await setup.connect();
  try {
    await setup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await setup.query(`CREATE DATABASE ${name}`);
  } finally {
    await setup.end();
  }
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return url.toString();
}
