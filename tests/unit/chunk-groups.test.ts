// The build's named chunk groups (vite.config.ts) pick their modules by path: a module renamed or
// moved silently leaves its group (or a new file silently joins one). This pins which files of the
// repository (and of react-query's build) each group takes, so such a change fails here first.
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import config from '#vite-config';

interface Group {
  name: string;
  test?: RegExp;
  tags?: string[];
  includeDependenciesRecursively?: boolean;
}

const root = path.resolve(import.meta.dirname, '../..');
const output = config.build?.rolldownOptions?.output;
const groups = ((Array.isArray(output) ? output[0] : output) as { codeSplitting?: { groups?: Group[] } } | undefined)?.codeSplitting
  ?.groups;
if (!groups) throw new Error('vite.config.ts has no build.rolldownOptions.output.codeSplitting.groups');

/** The group a module id lands in by path (the first whose test matches, as the bundler picks), or null. */
const groupOf = (id: string) => groups.find((g) => g.test?.test(id))?.name ?? null;

const reactQuery = 'node_modules/@tanstack/react-query/build/modern';
/** Every module a group could take: the tracked sources and react-query's modern build, as absolute module ids. */
const candidates = [
  ...execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', 'src', 'domain'], { cwd: root, encoding: 'utf8' })
    .split('\n')
    .filter(Boolean),
  ...readdirSync(path.join(root, reactQuery)).map((f) => `${reactQuery}/${f}`),
]
  .filter((f) => /\.(js|ts|tsx|css)$/.test(f))
  .map((f) => path.join(root, f));
const taken = (name: string) =>
  candidates
    .filter((id) => groupOf(id) === name)
    .map((id) => path.relative(root, id))
    .sort();

describe('chunk groups of the build', () => {
  it('are the shell (everything the entry loads at once), then the data, lists, score-words and board groups', () => {
    expect(groups.map((g) => g.name)).toEqual(['shell', 'data', 'lists', 'score-words', 'board']);
    expect(groups[0]!.tags).toEqual(['$initial']);
    // The board group takes only its own modules; what they import stays in the shared chunks.
    expect(groups.find((g) => g.name === 'board')!.includeDependenciesRecursively).toBe(false);
  });

  it('the data group takes the query hooks, loading/error states, the socket hooks and buttons', () => {
    expect(taken('data')).toEqual([
      `${reactQuery}/queryOptions.js`,
      `${reactQuery}/useBaseQuery.js`,
      `${reactQuery}/useQuery.js`,
      'src/api/errors.ts',
      'src/components/query-state.tsx',
      'src/components/ui/button.tsx',
      'src/lib/realtime.ts',
    ]);
  });

  // Apart from the data group: the home page (and every page without a list) loads none of it.
  it('the lists group takes the address state, the debounced value and pages', () => {
    expect(taken('lists')).toEqual(['src/components/ui/pagination.tsx', 'src/lib/use-debounced.ts', 'src/lib/use-search-param.ts']);
  });

  it('the score-words group takes how a score and a date read: units, score text, dates', () => {
    expect(taken('score-words')).toEqual([
      'domain/scoring/format.ts',
      'domain/scoring/units.ts',
      'domain/unit-preference.ts',
      'src/lib/format.ts',
      'src/lib/score-text.ts',
      'src/lib/units.ts',
    ]);
    expect(groups.find((g) => g.name === 'score-words')!.includeDependenciesRecursively).toBe(false);
  });

  // The initials' disc too: only the leaderboard table draws it, and as a chunk of its own (with its style) it cost a
  // board's first load 0.2 KB of gzip in glue.
  it("the board group takes the leaderboard's own small parts", () => {
    expect(taken('board')).toEqual([
      'src/components/board-filters.tsx',
      'src/components/gym-name.tsx',
      'src/features/challenges/api/score-text.ts',
      'src/features/challenges/components/athlete-initials.tsx',
      'src/features/challenges/components/leaderboard-table.tsx',
      'src/features/challenges/components/status-pill.tsx',
      'src/lib/links.ts',
      'src/lib/picked-row.ts',
    ]);
  });

  it('neighbours with similar names stay out of every group', () => {
    for (const id of [
      `${reactQuery}/useMutation.js`,
      `${reactQuery}/useQueries.js`,
      'node_modules/@tanstack/query-core/build/modern/queryObserver.js',
      'src/api/client.ts',
      'src/lib/flow/use-flow.ts',
      'src/components/ui/select.tsx',
      'src/components/gym-picker.tsx',
      'src/features/challenges/components/team-board-table.tsx',
      'src/features/realtime/realtime-host.tsx',
      'domain/scoring/errors.ts',
    ])
      expect(groupOf(path.join(root, id)), id).toBeNull();
  });

  it('each alternative of a group’s pattern still matches a file of the repository', () => {
    for (const g of groups.filter((x) => x.test)) {
      // The top-level alternatives of the pattern (split on | outside parentheses).
      const parts: string[] = [];
      let depth = 0;
      let current = '';
      for (const ch of g.test!.source) {
        if (ch === '(') depth++;
        if (ch === ')') depth--;
        if (ch === '|' && depth === 0) {
          parts.push(current);
          current = '';
        } else current += ch;
      }
      parts.push(current);
      for (const part of parts) {
        const re = new RegExp(part);
        expect(
          candidates.some((id) => re.test(id)),
          `${g.name}: /${part}/ matches no file`,
        ).toBe(true);
      }
    }
  });
});
