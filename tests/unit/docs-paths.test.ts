// Keeps the docs true to the tree: every repository path a tracked Markdown file names in
// backticks, every relative link and every migration it names must exist. Moving code means
// moving its docs; this test names each file and path left behind.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { benchScripts, scriptsWithoutSection } from '#scripts/bench-docs-check.ts';

const root = path.resolve(import.meta.dirname, '../..');
const migrationsDir = path.join(root, 'server/db/migrations');

function trackedFiles(pattern?: string): string[] {
  const args = ['ls-files', '-z', ...(pattern ? [pattern] : [])];
  return execFileSync('git', args, { cwd: root, encoding: 'utf8' })
    .split('\0')
    .filter((file) => file !== '' && !file.split('/').includes('node_modules'));
}

// The top-level entries on disk that git tracks something under (so `dist/` and `data/`,
// which a build or a run makes, are not taken for repository paths).
const trackedTops = new Set(trackedFiles().map((file) => file.split('/')[0]));
const topLevelEntries = readdirSync(root).filter((entry) => trackedTops.has(entry));

/** A backticked text is a repository path when it has no spaces and starts with a top-level entry. */
export function repositoryPath(code: string): string | null {
  const text = code.trim().replace(/^\.\//, '');
  // Globs, placeholders, elisions, template values and queries are patterns, not paths.
  if (text === '' || /[\s*<>{}$?…[\]|,;()'"`=]/.test(text)) return null;
  const bare = text.replace(/#.*$/, '').replace(/(:\d+)+$/, '');
  const first = bare.split('/')[0];
  return topLevelEntries.includes(first) ? bare : null;
}

/** A backticked migration name (`0024_board_change_notify.sql`, or without `.sql`). */
export function migrationName(code: string): string | null {
  const match = /^(\d{4}_[a-z0-9_]+)(\.sql)?$/.exec(code.trim());
  return match ? `${match[1]}.sql` : null;
}

interface Mention {
  line: number;
  text: string;
}

/** Inline code spans and relative link targets outside fenced code blocks. */
export function mentions(markdown: string): { code: Mention[]; links: Mention[] } {
  const code: Mention[] = [];
  const links: Mention[] = [];
  let fenced = false;
  markdown.split('\n').forEach((lineText, index) => {
    if (/^\s*(```|~~~)/.test(lineText)) {
      fenced = !fenced;
      return;
    }
    if (fenced) return;
    const line = index + 1;
    const withoutCode = lineText.replace(/(`+)(.+?)\1/g, (_all, _ticks, inner: string) => {
      code.push({ line, text: inner });
      return '';
    });
    for (const match of withoutCode.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
      const target = match[1];
      if (/^([a-z][a-z0-9+.-]*:|#|\/)/i.test(target)) continue;
      links.push({ line, text: target });
    }
  });
  return { code, links };
}

function problems(file: string): string[] {
  const markdown = readFileSync(path.join(root, file), 'utf8');
  const { code, links } = mentions(markdown);
  const found: string[] = [];
  const migrations = readdirSync(migrationsDir);
  for (const { line, text } of code) {
    const repoPath = repositoryPath(text);
    if (repoPath !== null && !existsSync(path.join(root, repoPath))) {
      found.push(`${file}:${line}: \`${text}\` does not exist`);
    }
    const migration = migrationName(text);
    if (migration !== null && !migrations.includes(migration)) {
      found.push(`${file}:${line}: migration \`${text}\` is not in server/db/migrations`);
    }
  }
  for (const { line, text } of links) {
    const target = decodeURIComponent(text.replace(/#.*$/, ''));
    if (target === '') continue;
    if (!existsSync(path.resolve(root, path.dirname(file), target))) {
      found.push(`${file}:${line}: link (${text}) does not exist`);
    }
  }
  return found;
}

describe('paths in the docs', () => {
  it('recognises repository paths and leaves everything else alone', () => {
    expect(repositoryPath('server/services/jobs.ts')).toBe('server/services/jobs.ts');
    expect(repositoryPath('src/main.tsx:57:11')).toBe('src/main.tsx');
    expect(repositoryPath('docs/testing.md#the-stately-inspector')).toBe('docs/testing.md');
    expect(repositoryPath('./package.json')).toBe('package.json');
    for (const notAPath of [
      '/api/challenges/{id}/team-rankings',
      '/battle-hub',
      'https://repforge.app',
      'tests/server/sports-network*.test.ts',
      'machines/<name>.samples.ts',
      'src/…tsx:57:11',
      'DATABASE_URL',
      'npm run qa:paths -- login',
      'node_modules/.cache/eslint',
      'dist/maps/',
    ]) {
      expect(repositoryPath(notAPath), notAPath).toBeNull();
    }
    expect(migrationName('0024_board_change_notify.sql')).toBe('0024_board_change_notify.sql');
    expect(migrationName('0021_operations')).toBe('0021_operations.sql');
    expect(migrationName('0021')).toBeNull();
  });

  it('finds code spans and relative links outside fenced blocks', () => {
    const { code, links } = mentions(
      ['See `server/app.ts` and [the tests](docs/testing.md#tests).', '```sh', 'cat `nope/x.ts`', '```', '<https://x.y>'].join('\n'),
    );
    expect(code).toEqual([{ line: 1, text: 'server/app.ts' }]);
    expect(links).toEqual([{ line: 1, text: 'docs/testing.md#tests' }]);
  });

  it('names only paths that exist, in every tracked Markdown file', () => {
    const files = trackedFiles('*.md');
    expect(files).toContain('README.md');
    const found = files.flatMap(problems);
    expect(found, `Paths in the docs that do not exist:\n${found.join('\n')}`).toEqual([]);
  });

  it('gives every benchmark script `npm run bench` runs a section in docs/benchmarks.md', () => {
    const packageJson = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    const scripts = benchScripts(packageJson.scripts.bench ?? '');
    expect(scripts).toContain('scripts/bench-challenges.ts');
    expect(scriptsWithoutSection(scripts, readFileSync(path.join(root, 'docs/benchmarks.md'), 'utf8'))).toEqual([]);
    expect(scriptsWithoutSection(['scripts/bench-nothing.ts'], '## Events (`scripts/bench-events.ts`)')).toEqual([
      'scripts/bench-nothing.ts',
    ]);
  });
});
