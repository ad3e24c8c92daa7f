import path from 'node:path';
import { expect, test } from '@playwright/test';
import { firstLoadProblems, FLOOR_JS_BYTES } from '#scripts/first-load.ts';

// A first visit's weight, on the production build the global setup made (no server, no browser: a second or two).
// The JS a visitor's / and a challenge's board load before `load` (the shell and the page's own chunks, by the same
// rule as the bench's `sizes`, scripts/first-load.ts), in gzip -9, stays within 1.10x and 1.15x of the floor app's,
// pinned there (FLOOR_JS_BYTES). The first load once grew from 1.10x to 1.18x over two days without a test noticing.
const clientDir = path.resolve(import.meta.dirname, '../../dist/client');

test(`a visitor's first load of / and of a board stays within its multiple of the floor's ${FLOOR_JS_BYTES} bytes`, () => {
  const problems = firstLoadProblems(clientDir);
  expect(problems, problems.join('\n')).toEqual([]);
});
