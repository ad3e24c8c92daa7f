// The lint zones npm run lint enforces, tried with probe files that break each rule: every probe must fail.
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: root });

async function errorsOf(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).filter((m) => m.severity === 2).map((m) => `${m.ruleId}: ${m.message}`);
}

describe('lint zones', { timeout: 60_000 }, () => {
  it('a server area importing another area past its index.ts fails', async () => {
    const errors = await errorsOf(
      'server/areas/teams/probe.ts',
      "import { loadChallenge } from '../challenges/challenge.ts';\nvoid loadChallenge;\n",
    );
    expect(errors.join('\n')).toMatch(/only through its index\.ts/);
  });

  it('the same import through the #server alias fails too', async () => {
    const errors = await errorsOf(
      'server/areas/teams/probe.ts',
      "import { loadChallenge } from '#server/areas/challenges/challenge.ts';\nvoid loadChallenge;\n",
    );
    expect(errors.join('\n')).toMatch(/only through its index\.ts/);
  });

  it("the same import through the area's index.ts passes", async () => {
    const errors = await errorsOf(
      'server/areas/teams/probe.ts',
      "import { loadChallenge } from '../challenges/index.ts';\nvoid loadChallenge;\n",
    );
    expect(errors).toEqual([]);
  });

  it('a lower module importing an area fails', async () => {
    const errors = await errorsOf(
      'server/lib/probe.ts',
      "import { loadChallenge } from '../areas/challenges/index.ts';\nvoid loadChallenge;\n",
    );
    expect(errors.join('\n')).toMatch(/Lower modules/);
  });

  it('domain/ importing a package fails (React, an ORM)', async () => {
    expect((await errorsOf('domain/probe.ts', "import { useState } from 'react';\nvoid useState;\n")).join('\n')).toMatch(
      /imports no package/,
    );
    expect((await errorsOf('domain/probe.ts', "import { sql } from 'drizzle-orm';\nvoid sql;\n")).join('\n')).toMatch(/imports no package/);
  });

  it('machines/ importing react-query or calling fetch fails', async () => {
    const query = await errorsOf('machines/probe.ts', "import { QueryClient } from '@tanstack/react-query';\nvoid QueryClient;\n");
    expect(query.join('\n')).toMatch(/react-query/);
    const call = await errorsOf('machines/probe.ts', "export const load = () => fetch('/api/x');\n");
    expect(call.join('\n')).toMatch(/network enter/);
  });

  it("client code importing Node's built-ins fails", async () => {
    const errors = await errorsOf('src/lib/probe.ts', "import { readFileSync } from 'node:fs';\nvoid readFileSync;\n");
    expect(errors.join('\n')).toMatch(/no-nodejs-modules/);
  });

  it('a Suspense boundary whose fallback is not a <Pending> fails (the settled signal would fire early)', async () => {
    const code = (fallback: string) =>
      `import { Suspense } from 'react';\nimport { Pending } from '#src/lib/settled.tsx';\nvoid Pending;\nexport const X = () => <Suspense${fallback}><b /></Suspense>;\n`;
    expect((await errorsOf('src/components/probe.tsx', code(' fallback={null}'))).join('\n')).toMatch(/Suspense fallback is a <Pending>/);
    expect((await errorsOf('src/components/probe.tsx', code(''))).join('\n')).toMatch(/Suspense fallback is a <Pending>/);
    expect(await errorsOf('src/components/probe.tsx', code(' fallback={<Pending />}'))).toEqual([]);
  });
});
