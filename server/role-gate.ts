import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import type { AppContext } from './context.ts';
import { ApiError } from './errors.ts';
import { AUTH_REQUIRED_TEXT, isAdminRole } from './areas/auth/index.ts';
import { judgesNow } from './areas/judging/index.ts';
import { teamRoleOf } from './areas/teams/index.ts';
import { leadsTeam } from '#domain/teams.ts';

/**
 * Who may call an operation is settled before its body is read: the contract's security (bearer, its
 * `admin` scope, csrf) and an operation's `x-role` run as preValidation hooks, so an athlete calling an
 * admin, judge or captain operation with a bad body gets 403 (401 signed out), never 400 with field errors
 * that describe an operation they may not use.
 */
export const GATED_ROLES = ['administrator', 'judge', 'captain', 'team-leader'] as const;
export type GatedRole = (typeof GATED_ROLES)[number];

export const ROLE_TEXT: Record<GatedRole, string> = {
  administrator: 'This needs an administrator account.',
  judge: 'Only judges with a certificate in force can judge scores.',
  captain: 'Only the team’s captain can do that.',
  'team-leader': 'Only the team’s captain and co-captains can do that.',
};

type Spec = Record<string, unknown>;

/** Copies each operation's `x-role` into its route config (the glue hands routes only `x-fastify-config`). */
export function carryRoles(spec: Spec) {
  for (const item of Object.values((spec.paths ?? {}) as Record<string, Record<string, Record<string, unknown>>>)) {
    for (const op of Object.values(item)) {
      const role = op?.['x-role'];
      if (typeof role !== 'string') continue;
      if (!(GATED_ROLES as readonly string[]).includes(role)) throw new Error(`Unknown x-role "${role}" on ${String(op.operationId)}`);
      op['x-fastify-config'] = { ...((op['x-fastify-config'] as object | undefined) ?? {}), role };
    }
  }
}

/** A route parameter as a positive whole number, or null when it is malformed (validation answers that). */
function idParam(request: FastifyRequest, name: string): number | null {
  const raw = (request.params as Record<string, unknown> | undefined)?.[name];
  return typeof raw === 'string' && /^[1-9]\d{0,15}$/.test(raw) ? Number(raw) : null;
}

async function check(ctx: AppContext, role: GatedRole, request: FastifyRequest): Promise<void> {
  const auth = request.auth;
  if (!auth) throw new ApiError(401, AUTH_REQUIRED_TEXT);
  const user = auth.user;
  switch (role) {
    case 'administrator':
      if (user.role !== 'administrator') throw new ApiError(403, ROLE_TEXT[role]);
      return;
    case 'judge':
      if (!(await judgesNow(ctx, user.id))) throw new ApiError(403, ROLE_TEXT[role]);
      return;
    case 'captain':
    case 'team-leader': {
      if (isAdminRole(user.role)) return;
      const teamId = idParam(request, 'teamId');
      if (teamId === null) return;
      const { exists, role: mine } = await teamRoleOf(ctx.database.db, teamId, user.id);
      // A team that does not exist is the handler's 404.
      if (!exists) return;
      if (role === 'captain' ? mine !== 'captain' : !leadsTeam(mine)) throw new ApiError(403, ROLE_TEXT[role]);
      return;
    }
  }
}

const asList = <T>(hook: T | T[] | undefined): T[] => (hook === undefined ? [] : Array.isArray(hook) ? hook : [hook]);

/**
 * An onRoute hook for the contract's routes: the glue's security check (its preHandler) moves to
 * preValidation, followed by the operation's role check.
 */
export function registerRoleGate(app: FastifyInstance, ctx: AppContext) {
  app.addHook('onRoute', (route: RouteOptions) => {
    const operationId = (route.schema as { operationId?: unknown } | undefined)?.operationId;
    if (typeof operationId !== 'string') return;
    const role = (route.config as { role?: GatedRole } | undefined)?.role;
    const security = asList(route.preHandler);
    const gate = role ? [async (request: FastifyRequest) => check(ctx, role, request)] : [];
    if (security.length === 0 && gate.length === 0) return;
    route.preValidation = [...asList(route.preValidation), ...security, ...gate] as RouteOptions['preValidation'];
    route.preHandler = undefined;
  });
}
