/**
 * `npm run backup -- <destination>`: a consistent copy of the store's SQLite file (STORE_DB) made
 * with SQLite's online backup API while the server keeps running and writing.
 */
import Database from 'better-sqlite3';

const source = process.env.STORE_DB ?? './.data/store.db';
const destination = process.argv[2];
if (!destination) {
  console.error('Usage: npm run backup -- <destination file>   (copies STORE_DB, default ./.data/store.db)');
  process.exit(1);
}
if (source === ':memory:') {
  console.error('STORE_DB is :memory:: there is no file to back up.');
  process.exit(1);
}
let db: Database.Database;
try {
  db = new Database(source, { readonly: true, fileMustExist: true });
} catch (error) {
  console.error(`Cannot open ${source}: ${(error as Error).message}`);
  process.exit(1);
}
try {
  const { totalPages } = await db.backup(destination);
  console.log(`Backed up ${source} to ${destination} (${totalPages} pages).`);
} catch (error) {
  console.error(`Backup failed: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  db.close();
}
