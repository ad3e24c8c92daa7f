import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { addMapping, GenMapping, toEncodedMap } from '@jridgewell/gen-mapping';
import { SourceMaps, sourceMapsDir, sourceName } from '#server/areas/admin/admin-errors-sourcemaps.ts';

/** A built file whose column 2345 of line 1 came from line 57, column 11 of the page's source. */
function mapsFolder(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'maps-'));
  const g = new GenMapping({ file: 'page-Ab12.js' });
  addMapping(g, {
    generated: { line: 1, column: 2344 },
    source: '../../src/features/admin/pages/admin-error-logs-page.tsx',
    original: { line: 57, column: 10 },
  });
  addMapping(g, {
    generated: { line: 1, column: 10 },
    source: '../../node_modules/react-dom/cjs/client.js',
    original: { line: 9, column: 0 },
  });
  writeFileSync(path.join(dir, 'page-Ab12.js.map'), JSON.stringify(toEncodedMap(g)));
  return dir;
}

describe('stacks in the original files', () => {
  it('rewrites every frame of a built file that has a map, and keeps the others as reported', async () => {
    const maps = new SourceMaps(mapsFolder());
    const stack = [
      'Error: Test error from the error logs page',
      '    at Boom (https://app.test/assets/page-Ab12.js:1:2345)',
      '    at https://app.test/base/assets/page-Ab12.js:1:11',
      'render@https://app.test/assets/page-Ab12.js:1:2345',
      '    at other (https://app.test/assets/vendor-Zz99.js:1:5)',
      '    at chrome-extension://abc/content.js:3:4',
    ].join('\n');
    expect(await maps.map(stack)).toBe(
      [
        'Error: Test error from the error logs page',
        '    at Boom (src/features/admin/pages/admin-error-logs-page.tsx:57:11)',
        '    at node_modules/react-dom/cjs/client.js:9:1',
        'render@src/features/admin/pages/admin-error-logs-page.tsx:57:11',
        '    at other (https://app.test/assets/vendor-Zz99.js:1:5)',
        '    at chrome-extension://abc/content.js:3:4',
      ].join('\n'),
    );
  });

  it('answers null when no frame has a map, when there is no stack, or no maps folder', async () => {
    const maps = new SourceMaps(mapsFolder());
    expect(await maps.map('Error\n    at x (https://app.test/assets/other-1.js:1:1)')).toBeNull();
    expect(await maps.map('TypeError: fetch failed\n    at poll (server.ts:1:1)')).toBeNull();
    expect(await maps.map(null)).toBeNull();
    expect(await new SourceMaps(null).map('    at Boom (https://app.test/assets/page-Ab12.js:1:2345)')).toBeNull();
  });

  it('names sources from the project root and finds the maps beside the client folder', () => {
    expect(sourceName('../../src/app/app.tsx')).toBe('src/app/app.tsx');
    expect(sourceName('../../node_modules/.pnpm/x/node_modules/react/index.js')).toBe('node_modules/react/index.js');
    expect(sourceMapsDir('/srv/app/dist/client')).toBe('/srv/app/dist/maps');
    expect(sourceMapsDir(undefined)).toBeNull();
  });
});
