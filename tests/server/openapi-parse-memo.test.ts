import { describe, expect, it } from 'vitest';
import { loadOpenapiDocument } from '#server/openapi.ts';
import { createTestApp } from './helpers.ts';
import { fullParses, GlueParser } from './openapi-parse-memo.ts';

type Config = { routes: { operationId: string; schema: Record<string, unknown>; config?: unknown }[] };
const parse = async (spec: unknown) => (await new GlueParser().parse(spec, {})) as Config;

describe("the contract's parse, kept per worker (tests/server/openapi-parse-memo.ts)", () => {
  it('builds a second app of the same document without parsing it again, and the app answers from its routes', async () => {
    await (await createTestApp('pglite')).close();
    const before = fullParses();
    const t = await createTestApp('pglite');
    try {
      expect(fullParses()).toBe(before);
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/initiate-login', payload: { email: 'not an email' } });
      expect(res.statusCode).toBe(400);
    } finally {
      await t.close();
    }
  });

  it('gives each caller its own copy of what a fresh parse gives, and parses a changed document on its own', async () => {
    const spec = await loadOpenapiDocument();
    const [a, b] = [await parse(structuredClone(spec)), await parse(structuredClone(spec))];
    expect(b).toEqual(a);
    expect(b.routes[0]!.schema).not.toBe(a.routes[0]!.schema);
    const changed = structuredClone(spec) as { info: { title: string } };
    changed.info.title = 'Another title';
    const before = fullParses();
    await parse(changed);
    expect(fullParses()).toBe(before + 1);
  });

  it('refuses a document the glue refuses, every time', async () => {
    const spec = { ...(await loadOpenapiDocument()), openapi: 'nonsense' };
    for (let i = 0; i < 2; i++) await expect(parse(spec)).rejects.toThrow(/valid specification/);
  });
});
