// House rule: no source file over 500 lines; split by concern. ESLint's max-lines covers the
// TypeScript and JavaScript; this covers the style sheets and the contract's YAML too (and
// repeats the check for all).
// Generated files are exempt: the contract's types, migrations and the QA specs the charts write.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const MAX_LINES = 500;
const GENERATED = [/^openapi\/schema\.d\.ts$/, /^openapi\/openapi\.yaml$/, /^server\/db\/migrations\//, /^tests\/e2e\/qa\//];
const files = execFileSync(
  'git',
  ['ls-files', '--cached', '--others', '--exclude-standard', '*.ts', '*.tsx', '*.mjs', '*.js', '*.css', 'openapi/*.yaml'],
  {
    encoding: 'utf8',
  },
)
  .split('\n')
  .filter((f) => f && !GENERATED.some((g) => g.test(f)));
const over = files
  .map((f) => {
    try {
      return { f, lines: readFileSync(f, 'utf8').split('\n').length - 1 };
    } catch {
      return { f, lines: 0 }; // deleted in the work tree
    }
  })
  .filter((x) => x.lines > MAX_LINES);
for (const { f, lines } of over) console.error(`${f}: ${lines} lines (at most ${MAX_LINES}; split it by concern)`);
process.exit(over.length ? 1 : 0);
