import { defineConfig } from 'drizzle-kit';

// `npx drizzle-kit generate --name <what>` writes the next numbered migration from the schema.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema.ts',
  out: './src/server/db/migrations',
});
