// Rewrites relative imports that climb two or more folders into the package's import aliases
// (package.json#imports: #domain/*, #server/*, #src/*, …). Run after moving files: `node scripts/import-aliases.mjs`.
// `--check` lists what it would rewrite and exits 1 if anything (the lint's test uses it).
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const aliases = Object.keys(JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).imports ?? {})
  .filter((key) => key.endsWith('/*'))
  .map((key) => key.slice(1, -2));
const check = process.argv.includes('--check');
const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard', '*.ts', '*.tsx', '*.mts', '*.mjs'], {
  cwd: root,
  encoding: 'utf8',
})
  .split('\n')
  .filter((f) => f && !f.endsWith('.d.ts') && !f.startsWith('server/db/migrations/'));
const pattern = /((?:\bfrom|\bimport|\bvi\.mock\(|\bimport\()\s*)(['"])(\.\.\/\.\.\/[^'"]*)\2/g;

const found = [];
for (const file of files) {
  let source;
  try {
    source = readFileSync(path.join(root, file), 'utf8');
  } catch {
    continue;
  }
  const rewritten = source.replace(pattern, (whole, before, quote, spec) => {
    const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), spec));
    const top = target.split('/')[0];
    if (!aliases.includes(top) || target.startsWith('..')) return whole;
    found.push(`${file}: ${spec}`);
    return `${before}${quote}#${target}${quote}`;
  });
  if (!check && rewritten !== source) writeFileSync(path.join(root, file), rewritten);
}
if (check) {
  for (const line of found) console.log(line);
  process.exit(found.length ? 1 : 0);
}
console.log(`rewrote ${found.length} imports`);
