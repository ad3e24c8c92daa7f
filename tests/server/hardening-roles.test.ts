import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadOpenapiDocument } from '#server/openapi.ts';
import { CSRF_TEXT } from '#server/areas/auth/security.ts';
import { authHeaders, createTestApp, databaseKinds, type SignedIn, signIn } from './helpers.ts';

type Op = Record<string, unknown> & { operationId: string; security?: Record<string, string[]>[] };
interface Gated {
  method: string;
  path: string;
  op: Op;
}

/** Every operation of the contract that needs a role: a bearer scope (admin) or an x-role (administrator, judge, captain…). */
async function gatedOperations(): Promise<Gated[]> {
  const doc = (await loadOpenapiDocument()) as { paths: Record<string, Record<string, Op>>; security?: unknown };
  const out: Gated[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (!op || typeof op !== 'object' || typeof op.operationId !== 'string') continue;
      const scoped = (op.security ?? []).some((req) => (req.bearer ?? []).length > 0);
      if (scoped || typeof op['x-role'] === 'string') out.push({ method: method.toUpperCase(), path, op });
    }
  }
  return out;
}

describe.each(databaseKinds)('role checks come before the body on %s', (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let athlete: SignedIn;
  let captain: SignedIn;
  let teamId: number;
  let ops: Gated[];
  beforeAll(async () => {
    t = await createTestApp(kind, {}, { rateLimit: false });
    athlete = await signIn(t, 'plain@example.test', 'athlete-password', 'Pat Plain');
    captain = await signIn(t, 'cap@example.test', 'athlete-password', 'Cara Captain');
    const team = await t.app.inject({
      method: 'POST',
      url: '/api/teams',
      headers: authHeaders(captain),
      payload: { name: 'Gate Keepers', tag: 'GK', max_size: 4 },
    });
    expect(team.statusCode, team.body).toBe(201);
    teamId = team.json().id;
    ops = await gatedOperations();
  });
  afterAll(async () => t.close());

  /** The route with its parameters filled: the team the athlete is not in, otherwise any well-formed id. */
  function url(path: string, op: Op): string {
    const params = (op.parameters ?? []) as { in: string; name: string; schema?: { type?: string; format?: string } }[];
    return path.replace(/\{(\w+)\}/g, (_m, name: string) => {
      if (name === 'teamId') return String(teamId);
      const schema = params.find((p) => p.in === 'path' && p.name === name)?.schema;
      if (schema?.format === 'uuid') return randomUUID();
      return schema?.type === 'integer' || /Id$/.test(name) ? '1' : 'x';
    });
  }

  /** A body the contract refuses: an unknown field and none of the required ones, in the operation's own media type. */
  function badBody(op: Op): { payload?: string; headers: Record<string, string> } {
    const content = (op.requestBody as { content?: Record<string, unknown> } | undefined)?.content;
    if (!content) return { headers: {} };
    const type = Object.keys(content)[0]!;
    return { payload: type === 'application/json' ? '{"not_a_field": [1, {}]}' : 'not, a, valid, body', headers: { 'content-type': type } };
  }

  it('the contract names the gated operations (admin scopes and x-role)', () => {
    const ids = ops.map((o) => o.op.operationId);
    expect(ids.length).toBeGreaterThan(60);
    expect(ids).toEqual(
      expect.arrayContaining(['setRateLimit', 'giveJudgingVerdict', 'updateTeam', 'enterTeamChallenge', 'grantJudgeCertificate']),
    );
  });

  it('a plain athlete with an invalid body gets 403 (not 400 with field errors) from every gated operation', async () => {
    const wrong: string[] = [];
    for (const { method, path, op } of ops) {
      const body = badBody(op);
      const res = await t.app.inject({
        method: method as 'GET',
        url: url(path, op),
        headers: { ...authHeaders(athlete), ...body.headers },
        payload: body.payload,
      });
      const json = res.json() as { detail?: string; field_errors?: unknown };
      if (res.statusCode !== 403 || json.detail === CSRF_TEXT || json.field_errors)
        wrong.push(`${op.operationId} ${method} ${path}: ${res.statusCode} ${res.body}`);
    }
    expect(wrong).toEqual([]);
  });

  it('signed out, every gated operation answers 401 whatever the body', async () => {
    const wrong: string[] = [];
    for (const { method, path, op } of ops) {
      const body = badBody(op);
      const res = await t.app.inject({ method: method as 'GET', url: url(path, op), headers: body.headers, payload: body.payload });
      if (res.statusCode !== 401) wrong.push(`${op.operationId} ${method} ${path}: ${res.statusCode} ${res.body}`);
    }
    expect(wrong).toEqual([]);
  });

  it('the captain of the team still gets through the gate to the contract’s validation', async () => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/teams/${teamId}`,
      headers: authHeaders(captain),
      payload: { not_a_field: 1 },
    });
    expect(res.statusCode).toBe(400);
  });
});
