import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyContextConfig, FastifyInstance, FastifyRequest } from 'fastify';
import {
  ROLES,
  hasPrivilege,
  type Action,
  type Privileges,
  type Resource,
  type RoleKey,
} from '@clinica/domain';
import type { Db } from '../db/client';
import { branch, kardex, refreshToken, role, user } from '../db/schema';
import { AppError, forbidden } from './errors';
import { verifyAccessToken } from './tokens';

/**
 * Who is calling, read from the access token and checked against the database (at most a second
 * old, see SessionChecks).
 */
export interface Session {
  userId: number;
  username: string;
  fullname: string;
  roleId: number;
  roleKey: RoleKey;
  role: string;
  /** The role's current map, so a change by the super administrator applies at once. */
  privileges: Privileges;
  branchId: number;
  branch: string;
  /** True for roles that read and write only their own branch (CONTRACT §5). */
  branchFixed: boolean;
  quickLogin: boolean;
  /** The refresh-token family of this sign-in. */
  familyId: string;
}

export type Privilege = { resource: Resource; action: Action };
export interface RouteAccess {
  method: string;
  url: string;
  access: 'public' | 'signedIn' | 'privilege';
}
/** Any one of several privileges opens the route (a step that both a create and an edit take). */
export type AnyPrivilege = { anyOf: Privilege[] };

function holds(privileges: Privileges, required: Privilege | AnyPrivilege): boolean {
  const options = 'anyOf' in required ? required.anyOf : [required];
  return options.some((option) => hasPrivilege(privileges, option.resource, option.action));
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Who may call a /v1 route; each declares exactly one, so a forgotten one fails at start-up
     * instead of opening the route to every signed-in user. `public`: anyone, no session;
     * `signedIn`: any signed-in user, whatever their privileges (say why in the summary);
     * `privilege`: a session whose role map grants this action (403 otherwise).
     */
    public?: boolean;
    signedIn?: boolean;
    privilege?: Privilege | AnyPrivilege;
  }
  interface FastifyInstance {
    /** Every /v1 route with the access it declares, as the guard registered it. */
    routeAccess: RouteAccess[];
  }
  interface FastifyRequest {
    auth: Session | null;
  }
}

function bearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : null;
}

/**
 * The session check as one prepared query: the user, their role and home branch, the token's
 * branch, and until when the token's sign-in is live. Built once per database (Drizzle then only
 * binds the values), and prepared by PostgreSQL on each connection by its name.
 */
function sessionQuery(db: Db) {
  return db
    .select({
      userId: user.id,
      username: user.username,
      name: user.name,
      lastName: user.lastName,
      motherLastName: user.motherLastName,
      roleId: role.id,
      roleKey: role.key,
      roleName: role.role,
      privileges: role.privileges,
      branchName: branch.name,
      homeBranchId: kardex.branchId,
      // The sign-in the token names must still be live: a family of this user, not revoked
      // (revocation marks every row) and not past its absolute expiry, which is compared with
      // the clock on every request (a cached check must not outlive it).
      liveUntilMs: sql<
        number | null
      >`(SELECT extract(epoch FROM max(${refreshToken.expiresAt})) * 1000 FROM ${refreshToken} WHERE ${refreshToken.familyId} = ${sql.placeholder('sid')} AND ${refreshToken.userId} = ${sql.placeholder('userId')} AND ${refreshToken.revokedAt} IS NULL)::float8`,
    })
    .from(user)
    .innerJoin(role, eq(role.id, user.roleId))
    .innerJoin(
      branch,
      and(
        eq(branch.id, sql.placeholder('branchId')),
        eq(branch.active, true),
        isNull(branch.deletedAt),
      ),
    )
    .leftJoin(kardex, eq(kardex.userId, user.id))
    .where(
      and(
        eq(user.id, sql.placeholder('userId')),
        isNull(user.deletedAt),
        eq(user.status, 'activo'),
      ),
    )
    .prepare('session_check');
}
type SessionRow = Awaited<ReturnType<ReturnType<typeof sessionQuery>['execute']>>[number];

/** How long a session check read from the database answers again without reading (ms). */
export const SESSION_CACHE_MS = 1_000;
const SESSION_CACHE_ENTRIES = 10_000;

/**
 * The session checks of the last second, by sign-in, user and branch, so a signed-in request
 * costs no database round trip while staying as safe as reading every time: an entry is used
 * only while it is younger than SESSION_CACHE_MS (the bound for a revocation by another process
 * on the same server) and no write that may change a session happened in this process since it
 * was read (`writes.generation`, db/write-watch.ts: a sign-out, a revoked family, a deactivated,
 * moved or recast user, a changed role map or a closed branch is refused on the next request).
 * The token itself, its expiry and the sign-in's absolute expiry are checked on every request.
 */
export class SessionChecks {
  private readonly entries = new Map<
    string,
    { row: SessionRow; generation: number; readAt: number }
  >();
  private query: ReturnType<typeof sessionQuery> | undefined;

  constructor(
    private readonly db: Db,
    private readonly writes: { readonly generation: number },
  ) {}

  async read(sid: string, userId: number, branchId: number): Promise<SessionRow | undefined> {
    const key = `${sid}|${userId}|${branchId}`;
    const now = performance.now();
    const cached = this.entries.get(key);
    if (
      cached &&
      cached.generation === this.writes.generation &&
      now - cached.readAt < SESSION_CACHE_MS
    ) {
      return cached.row;
    }
    if (cached) this.entries.delete(key);
    const generation = this.writes.generation;
    this.query ??= sessionQuery(this.db);
    const [row] = await this.query.execute({ sid, userId, branchId });
    // Kept only when nothing that may change it was written while it was read.
    if (row && generation === this.writes.generation) {
      if (this.entries.size >= SESSION_CACHE_ENTRIES) this.entries.clear();
      this.entries.set(key, { row, generation, readAt: now });
    }
    return row;
  }
}

/**
 * Reads the session of a request: a valid access token whose user is still active, whose sign-in
 * (refresh family) was not revoked, and who may still work at the token's branch — the branch is
 * active and not deleted, and it is the user's own unless the role signs in anywhere — so a
 * transfer, a role change or a closed branch takes effect on the next call, not 15 minutes later.
 * Null when there is none.
 */
async function loadSession(
  app: FastifyInstance,
  checks: SessionChecks,
  request: FastifyRequest,
): Promise<Session | null> {
  const token = bearer(request);
  if (!token) return null;
  const now = app.clock.now();
  const claims = await verifyAccessToken(app.signingKey, token, now);
  if (!claims) return null;
  const row = await checks.read(claims.sid, claims.userId, claims.branchId);
  if (!row || row.liveUntilMs === null || Number(row.liveUntilMs) <= now.getTime()) return null;
  const roleKey = row.roleKey as RoleKey;
  if (!ROLES[roleKey]?.signsInAnywhere && row.homeBranchId !== claims.branchId) return null;
  return {
    userId: row.userId,
    username: row.username,
    fullname: [row.name, row.lastName, row.motherLastName].join(' '),
    roleId: row.roleId,
    roleKey,
    role: row.roleName,
    privileges: row.privileges as Privileges,
    branchId: claims.branchId,
    branch: row.branchName,
    branchFixed: ROLES[roleKey]?.branchFixed ?? true,
    quickLogin: claims.quick_login,
    familyId: claims.sid,
  };
}

/** A /v1 route the guard answers for; the web app's files and the API documentation are not. */
export function isGuardedUrl(url: string | undefined): url is string {
  return !!url && url.startsWith('/v1/') && !url.startsWith('/v1/docs');
}

/** Which of public, signedIn and privilege a route declares: the guard wants exactly one. */
export function accessDeclarations(
  config: FastifyContextConfig | undefined,
): RouteAccess['access'][] {
  const declared: RouteAccess['access'][] = [];
  if (config?.public === true) declared.push('public');
  if (config?.signedIn === true) declared.push('signedIn');
  if (config?.privilege) declared.push('privilege');
  return declared;
}

/**
 * Refuses to register a /v1 route that does not declare exactly one of public, signedIn and
 * privilege, so a forgotten declaration fails the start-up instead of serving. Registered before
 * the OpenAPI plugin, so a refused route is not documented either.
 */
export function registerAccessCheck(app: FastifyInstance): void {
  app.decorate('routeAccess', []);
  app.addHook('onRoute', (route) => {
    if (!isGuardedUrl(route.url)) return;
    const declared = accessDeclarations(route.config);
    if (declared.length !== 1) {
      throw new Error(
        `${String(route.method)} ${route.url} debe declarar exactamente uno de config.public, config.signedIn o config.privilege (declara: ${declared.join(', ') || 'ninguno'})`,
      );
    }
    for (const method of [route.method].flat()) {
      app.routeAccess.push({ method, url: route.url, access: declared[0]! });
    }
  });
}

/**
 * The one guard: every route needs a session unless public, and its declared privilege. `writes`
 * counts this process's writes that may change a session (Database['writes']).
 */
export function registerGuard(app: FastifyInstance, writes: { readonly generation: number }): void {
  const checks = new SessionChecks(app.db, writes);
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    const config = request.routeOptions.config;
    const url = request.routeOptions.url;
    if (!isGuardedUrl(url) || config.public === true) return;
    // Unreachable while onRoute refuses such routes; one that slipped past it stays closed.
    if (accessDeclarations(config).length !== 1) throw forbidden();
    request.auth = await loadSession(app, checks, request);
    if (!request.auth) throw new AppError(401, 0);
    if (config.privilege && !holds(request.auth.privileges, config.privilege)) {
      throw forbidden();
    }
  });
}

/** The session of a signed-in route (the guard guarantees it). */
export function sessionOf(request: FastifyRequest): Session {
  if (!request.auth) throw new AppError(401, 0);
  return request.auth;
}
