import { describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { readFile, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { lint, loadConfig } from '@redocly/openapi-core';

const root = path.resolve(import.meta.dirname, '../..');

describe('openapi/openapi.yaml', () => {
  it('is what scripts/gen-openapi-root.mjs writes: every path of every area file, once (run npm run gen:api)', async () => {
    const { renderRoot } = await import('#scripts/gen-openapi-root.mjs');
    const committed = await readFile(path.join(root, 'openapi/openapi.yaml'), 'utf8');
    expect(committed === renderRoot(), 'openapi/openapi.yaml is stale: run npm run gen:api').toBe(true);
    expect(committed).toContain("/api/challenges/: { $ref: './challenges.yaml#/paths/~1api~1challenges~1' }");
  });

  it('is a valid OpenAPI document with no lint errors', async () => {
    const config = await loadConfig({ configPath: path.join(root, 'redocly.yaml') });
    const problems = await lint({ ref: path.join(root, 'openapi/openapi.yaml'), config });
    const errors = problems.filter((p) => p.severity === 'error').map((p) => `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`);
    expect(errors).toEqual([]);
  }, 30_000);

  it('matches the committed client types (run npm run gen:api after editing it)', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'gen-api-'));
    try {
      const out = path.join(dir, 'schema.d.ts');
      await promisify(execFile)(path.join(root, 'node_modules/.bin/openapi-typescript'), ['openapi/openapi.yaml', '-o', out], {
        cwd: root,
      });
      const [fresh, committed] = await Promise.all([readFile(out, 'utf8'), readFile(path.join(root, 'openapi/schema.d.ts'), 'utf8')]);
      expect(committed === fresh, 'openapi/schema.d.ts is out of date: run npm run gen:api').toBe(true);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 30_000);
});
