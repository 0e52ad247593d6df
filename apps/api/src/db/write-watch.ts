import type { Logger } from 'drizzle-orm';

/**
 * The tables a session check reads (platform/session.ts): a write to any of them may revoke a
 * sign-in, deactivate or move a user, change a role's map or close a branch.
 */
const SESSION_TABLES = /\b(?:user|role|branch|kardex|refresh_token)\b/i;
const WRITE = /\b(?:insert|update|delete|truncate|merge)\b/i;
const END_OF_TRANSACTION = /^\s*(?:commit|rollback|end)\b/i;

/**
 * Sees every statement this process sends through Drizzle (its logger, which both drivers call
 * before a statement runs) and counts the writes that may change a session: `generation` moves
 * on each, and once more when a transaction that held one ends (on a server, a check that ran
 * between the write and its commit read the old rows). Caches of session checks keep an entry
 * only while the generation it was read under is current. It errs on the side of moving: a write
 * whose text merely names one of the tables moves it too, which costs a cache miss, never a stale
 * answer. Writes by other processes are not seen: the caches' time limit bounds those.
 */
export class WriteWatch implements Logger {
  generation = 0;
  private pending = false;

  constructor(private readonly next?: Logger) {}

  logQuery(query: string, params: unknown[]): void {
    if (WRITE.test(query) && SESSION_TABLES.test(query)) {
      this.generation += 1;
      this.pending = true;
    } else if (this.pending && END_OF_TRANSACTION.test(query)) {
      this.generation += 1;
      this.pending = false;
    }
    this.next?.logQuery(query, params);
  }
}
