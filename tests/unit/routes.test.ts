import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pageRoutes, routePaths, runTogether } from '#src/app/route-table.ts';

const specFile = path.resolve(import.meta.dirname, '../../../shared/spec/product-spec.md');

describe('the route table', () => {
  it('derives the run-together form of each hyphenated path', () => {
    expect(runTogether('/challenge-detail-page')).toBe('/challengedetailpage');
    expect(runTogether('/')).toBe('/');
    const paths = routePaths().map((p) => p.path);
    expect(paths).toContain('/squaddecimationbattlepage');
    expect(paths).toContain('/settings');
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('has 72 hyphenated routes (home included) plus /settings in its single form', () => {
    expect(pageRoutes.filter((r) => !r.singleForm)).toHaveLength(72);
    expect(routePaths().filter((p) => p.route.path === '/settings')).toHaveLength(1);
    expect(routePaths()).toHaveLength(72 * 2 - 1 + 1);
  });

  /** Routes an issue added after the spec was written (the issue wins where they disagree). */
  const ADDED_BY_ISSUES = ['/gym-page', '/admin-home-page', '/gyms-page', '/live-attempt-page'];

  it.runIf(existsSync(specFile))('lists exactly the routes of the product spec, and those issues added', () => {
    const spec = readFileSync(specFile, 'utf8');
    const section = spec.slice(spec.indexOf('### Hyphenated routes'), spec.indexOf('The content of each page'));
    const specPaths = [...section.matchAll(/(\/[a-z0-9-]*)(?=[,.\s])/g)].map((m) => m[1]);
    const unique = [...new Set([...specPaths, ...ADDED_BY_ISSUES])].sort();
    expect(pageRoutes.map((r) => r.path).sort()).toEqual(unique);
  });
});
