// Run by a test worker as it exits (tests/e2e/support/e2e-postgres.ts): drops the given databases of the
// PostgreSQL server at argv[2], ending whatever is still connected to them.
import postgres from 'postgres';

const [adminUrl, ...names] = process.argv.slice(2);
const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
for (const name of names) await admin.unsafe(`drop database if exists "${name}" with (force)`).catch(() => {});
await admin.end();
