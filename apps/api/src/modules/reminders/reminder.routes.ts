import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { reminderRoutes as routes } from '@clinica/domain';
import { forbidden } from '../../platform/errors';
import { serve } from '../../platform/routes';
import { appointmentReminders, resendReminders } from './reminder.service';
import { runReminders } from './reminder-sender';

/**
 * The outbox's calls (CONTRACT §15), and its sender: every REMINDER_POLL_SECONDS inside this
 * process (0 turns the poll off, as the tests do), and once per `POST /system/jobs/run` when
 * TEST_HOOKS=true (without it that route does not exist: 404).
 */
export interface ReminderJobOptions {
  /**
   * A job run with the sender under its lock (the waitlist's sweeper, CONTRACT §15), handed in by
   * `modules/index.ts` since it belongs to a module above this one. It runs first, so the offers it
   * makes are sent in the same run.
   */
  sweep?: (app: FastifyInstance, now: Date) => Promise<{ expired: number; offered: number }>;
}

export const reminderRoutesPlugin: FastifyPluginAsync<ReminderJobOptions> = async (
  app,
  options,
) => {
  const runJobs = async (now: Date) => {
    const holds = options.sweep ? await options.sweep(app, now) : { expired: 0, offered: 0 };
    return { reminders: await runReminders(app, now), holds };
  };
  serve(app, routes.list, (ctx, { params }) => appointmentReminders(ctx, params.id));
  serve(app, routes.resend, (ctx, { params, body }) =>
    resendReminders(app, ctx, params.id, body.channel),
  );
  if (app.config.testHooks)
    serve(app, routes.runJobs, async (ctx, { body }) => {
      if (ctx.session.roleKey !== 'superAdmin') throw forbidden();
      return runJobs(body.now ? new Date(body.now) : new Date());
    });

  const seconds = app.config.reminderPollSeconds;
  if (seconds > 0) {
    let running = false;
    const timer = setInterval(() => {
      if (running) return;
      running = true;
      app.background.run('reminder-sender', async () => {
        try {
          await runJobs(app.clock.now());
        } finally {
          running = false;
        }
      });
    }, seconds * 1000);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  }
};
