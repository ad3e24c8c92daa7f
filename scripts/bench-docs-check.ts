// The last step of `npm run bench`: every benchmark script it runs has a section in
// docs/benchmarks.md, a heading that names the script (`scripts/bench-events.ts`), so new
// figures have a place to go. Prints the scripts without one and fails; runs no benchmark.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');
const self = 'scripts/bench-docs-check.ts';

/** The benchmark scripts a `bench` npm script runs, in order, this check left out. */
export function benchScripts(benchCommand: string): string[] {
  const named = benchCommand.match(/scripts\/bench[\w-]*\.ts/g) ?? [];
  return [...new Set(named)].filter((script) => script !== self);
}

/** The scripts no heading of the benchmarks page names. */
export function scriptsWithoutSection(scripts: string[], benchmarksMarkdown: string): string[] {
  const headings = benchmarksMarkdown.split('\n').filter((line) => /^#{1,6}\s/.test(line));
  return scripts.filter((script) => !headings.some((heading) => heading.includes(`\`${script}\``)));
}

function main() {
  const packageJson = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  const scripts = benchScripts(packageJson.scripts.bench ?? '');
  const missing = scriptsWithoutSection(scripts, readFileSync(path.join(root, 'docs/benchmarks.md'), 'utf8'));
  console.log(`\n# docs/benchmarks.md: a section for each of the ${scripts.length} benchmark scripts`);
  if (missing.length === 0) {
    console.log('  every script has its section');
    return;
  }
  for (const script of missing) console.log(`  missing: a heading naming \`${script}\``);
  process.exitCode = 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
