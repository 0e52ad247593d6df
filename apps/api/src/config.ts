import { resolve } from 'node:path';

/** Every setting the server reads, from the environment (README lists them). */
export interface Config {
  port: number;
  host: string;
  /** postgres://… for a PostgreSQL server; absent for the embedded PGlite database. */
  databaseUrl: string | undefined;
  /** Connections to the PostgreSQL server (DATABASE_POOL_SIZE, 10 by default). */
  databasePoolSize: number;
  /**
   * postgres://… of a read replica of DATABASE_URL's database (DATABASE_READ_URL): the reports
   * (`/report/*`) read there; absent, or on PGlite, they read the main database.
   */
  databaseReadUrl: string | undefined;
  /** Where PGlite keeps its files (and uploaded photos). */
  dataDir: string;
  seedDemo: boolean;
  /** Token signing key; generated and kept with the data when absent. */
  jwtSecret: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  corsOrigins: string[];
  /**
   * The reverse proxies whose X-Forwarded-For is believed (addresses, subnets or proxy-addr's
   * names such as `loopback`); false believes none, so a client cannot choose the address the log
   * and the rate limits see.
   */
  trustProxy: string[] | false;
  posUrl: string | null;
  /** The web app's address as staff reach it, for links in e-mails (an invitation). */
  appUrl: string;
  logLevel: string;
  webDist: string;
  /** Online booking (CONTRACT §15): how many days ahead, and how long before a start at least. */
  onlineBookingDays: number;
  onlineBookingLeadMinutes: number;
  /** Until how many hours before the start a customer may cancel from her link. */
  customerCancelHours: number;
  /** Reminders (CONTRACT §15): hours before the start, the sender's period, the WhatsApp hook. */
  reminderHours: number;
  reminderPollSeconds: number;
  whatsappUrl: string | undefined;
  /** The waitlist (CONTRACT §15): how long a freed slot is held for the customer offered it. */
  waitlistHoldMinutes: number;
  /** TEST_HOOKS=true exposes POST /system/jobs/run (never in production). */
  testHooks: boolean;
}

const repoRoot = resolve(import.meta.dirname, '../../..');

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // npm runs workspace scripts from the workspace folder; relative paths mean the caller's folder.
  const callerDir = env.INIT_CWD ?? process.cwd();
  return {
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    databasePoolSize:
      Number(env.DATABASE_POOL_SIZE) > 0 ? Math.floor(Number(env.DATABASE_POOL_SIZE)) : 10,
    databaseReadUrl: env.DATABASE_READ_URL || undefined,
    dataDir: env.DATA_DIR ? resolve(callerDir, env.DATA_DIR) : resolve(repoRoot, 'data'),
    seedDemo: env.SEED_DEMO !== 'false',
    jwtSecret: env.JWT_SECRET || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Clínica <no-reply@clinica.mx>',
    corsOrigins: listOf(env.CORS_ORIGINS) || [],
    trustProxy: listOf(env.TRUST_PROXY),
    posUrl: env.POS_URL || null,
    appUrl: (env.APP_URL || `http://localhost:${env.PORT ?? 3000}`).replace(/\/+$/, ''),
    logLevel: env.LOG_LEVEL ?? 'info',
    webDist: env.WEB_DIST ? resolve(callerDir, env.WEB_DIST) : resolve(repoRoot, 'apps/web/dist'),
    onlineBookingDays: wholeOr(env.ONLINE_BOOKING_DAYS, 60),
    onlineBookingLeadMinutes: wholeOr(env.ONLINE_BOOKING_LEAD_MINUTES, 60),
    customerCancelHours: wholeOr(env.CUSTOMER_CANCEL_HOURS, 12),
    reminderHours: wholeOr(env.REMINDER_HOURS, 24),
    reminderPollSeconds: wholeOr(env.REMINDER_POLL_SECONDS, 60),
    whatsappUrl: env.WHATSAPP_URL || undefined,
    waitlistHoldMinutes: wholeOr(env.WAITLIST_HOLD_MINUTES, 30) || 30,
    testHooks: env.TEST_HOOKS === 'true',
  };
}

/** A whole number setting (0 or more), or its default when absent or not a number. */
function wholeOr(value: string | undefined, fallback: number): number {
  const parsed = Number(value);
  return value !== undefined && value.trim() !== '' && Number.isInteger(parsed) && parsed >= 0
    ? parsed
    : fallback;
}

/** A comma-separated setting as its items; false when empty. */
function listOf(value: string | undefined): string[] | false {
  const items = (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  return items.length > 0 ? items : false;
}
