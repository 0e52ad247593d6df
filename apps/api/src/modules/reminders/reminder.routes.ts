import type { FastifyPluginAsync } from 'fastify';
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
export const reminderRoutesPlugin: FastifyPluginAsync = async (app) => {
  serve(app, routes.list, (ctx, { params }) => appointmentReminders(ctx, params.id));
  serve(app, routes.resend, (ctx, { params, body }) =>
    resendReminders(app, ctx, params.id, body.channel),
  );
  if (app.config.testHooks)
    serve(app, routes.runJobs, async (ctx, { body }) => {
      if (ctx.session.roleKey !== 'superAdmin') throw forbidden();
      const now = body.now ? new Date(body.now) : new Date();
      return {
        reminders: await runReminders(app, now),
        holds: { expired: 0, offered: 0 },
      };
    });

  const seconds = app.config.reminderPollSeconds;
  if (seconds > 0) {
    let running = false;
    const timer = setInterval(() => {
      if (running) return;
      running = true;
      app.background.run('reminder-sender', async () => {
        try {
          await runReminders(app, app.clock.now());
        } finally {
          running = false;
        }
      });
    }, seconds * 1000);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  }
};
