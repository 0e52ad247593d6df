import { defineConfig } from 'drizzle-kit';

// Migrations are generated from src/db/schema and committed; `npm run db:check` fails when they
// disagree. openDatabase() in src/db/client.ts applies them at start-up on both engines (on a
// PostgreSQL server under an advisory lock, since several processes may start at once).
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './drizzle',
  casing: 'snake_case',
});
