import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import type { Clock } from './clock';
import { sessionOf, type Session } from './session';

/**
 * What a service needs to do its work: the database, the time, and who is asking. Services take
 * this instead of the Fastify instance, so a route hands a service function over as it is, and
 * the seed and the tests call the same functions with a context of their own.
 */
export interface Context extends PublicContext {
  session: Session;
}

/** The context of a call without a session (sign-in, the branch list). */
export interface PublicContext {
  db: Db;
  clock: Clock;
  /** REMINDER_HOURS: how long before an appointment its reminder is due (24 when absent). */
  reminderHours?: number;
  /** WAITLIST_HOLD_MINUTES: how long a waitlist hold lasts (30 when absent). */
  holdMinutes?: number;
}

/** The context of a signed-in request (the guard has read its session). */
export function contextOf(app: FastifyInstance, request: FastifyRequest): Context {
  return {
    db: app.db,
    clock: app.clock,
    session: sessionOf(request),
    reminderHours: app.config.reminderHours,
    holdMinutes: app.config.waitlistHoldMinutes,
  };
}

/** Who made a change, for its audit entry: the caller at the branch the change belongs to. */
export const actorOf = (ctx: Context, branchId: number | null = ctx.session.branchId) => ({
  userId: ctx.session.userId,
  branchId,
});
