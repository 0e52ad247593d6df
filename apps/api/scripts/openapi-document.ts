// Writes the API's OpenAPI document (`/v1/docs/json`) to the file named by the first argument:
// the app is built on an empty in-memory database and asked for it, without listening.
import { writeFileSync } from 'node:fs';
import { buildApp } from '../src/app';
import { readConfig } from '../src/config';
import { openDatabase } from '../src/db/client';

const target = process.argv[2];
if (!target) throw new Error('uso: openapi-document.ts <archivo.json>');
const database = await openDatabase({});
const app = await buildApp({
  config: { ...readConfig({}), webDist: '/nonexistent' },
  database,
  logger: false,
});
const answer = await app.inject({ method: 'GET', url: '/v1/docs/json' });
if (answer.statusCode !== 200) throw new Error(`/v1/docs/json respondió ${answer.statusCode}`);
writeFileSync(target, answer.body);
await app.close();
