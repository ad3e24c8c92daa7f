import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// Parses src/styles/tokens.css and checks the contrast of every text-on-surface pair the design
// system uses, in the light and the dark theme (WCAG 2: 4.5:1 for text, 3:1 for focus rings and control borders).
const css = readFileSync(new URL('../../src/styles/tokens.css', import.meta.url), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');

function declarations(selectorPattern: RegExp): Map<string, string> {
  const out = new Map<string, string>();
  for (const match of css.matchAll(/([^{}]+)\{([^{}]*)\}/g)) {
    const selector = match[1]!.trim();
    if (!selectorPattern.test(selector)) continue;
    for (const decl of match[2]!.matchAll(/(--[\w-]+)\s*:\s*([^;]+);/g)) out.set(decl[1]!, decl[2]!.trim());
  }
  return out;
}

const base = declarations(/^:root$/);
const light = new Map([...base, ...declarations(/^:root,\s*\[data-theme='light'\]$/)]);
const dark = new Map([...light, ...declarations(/^\[data-theme='dark'\]$/)]);

function resolve(vars: Map<string, string>, name: string, depth = 0): string {
  const value = vars.get(name);
  if (value === undefined) throw new Error(`${name} is not defined`);
  const ref = /^var\((--[\w-]+)\)$/.exec(value);
  if (ref && depth < 10) return resolve(vars, ref[1]!, depth + 1);
  return value;
}

function luminance(hex: string): number {
  const m = /^#([0-9a-f]{6})$/i.exec(hex);
  if (!m) throw new Error(`not a #rrggbb colour: ${hex}`);
  const channel = (i: number) => {
    const c = parseInt(m[1]!.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(2) + 0.0722 * channel(4);
}

export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

const SURFACES = ['--color-bg', '--color-surface', '--color-surface-2'];
const TEXT_PAIRS: [string, string][] = [
  ...[
    '--color-text',
    '--color-text-muted',
    '--color-link',
    '--color-brand',
    '--color-success',
    '--color-warning',
    '--color-danger',
    '--color-info',
  ].flatMap((fg) => SURFACES.map((bg): [string, string] => [fg, bg])),
  ['--color-link-hover', '--color-surface'],
  ['--color-on-brand', '--color-brand'],
  ['--color-on-brand', '--color-brand-hover'],
  ['--color-on-brand-subtle', '--color-brand-subtle'],
  ['--color-on-danger', '--color-danger'],
  ['--color-on-danger', '--color-danger-hover'],
  ['--color-on-success-bg', '--color-success-bg'],
  ['--color-on-warning-bg', '--color-warning-bg'],
  ['--color-on-danger-bg', '--color-danger-bg'],
  ['--color-on-info-bg', '--color-info-bg'],
  ['--color-on-highlight', '--color-highlight'],
  ['--color-text', '--color-surface-raised'],
  ['--color-text-muted', '--color-surface-raised'],
];
const NON_TEXT_PAIRS: [string, string][] = [
  ['--color-focus', '--color-bg'],
  ['--color-focus', '--color-surface'],
  ['--color-border-strong', '--color-surface'],
  ['--color-brand', '--color-surface-2'],
];

describe('design tokens', () => {
  for (const [theme, vars] of [
    ['light', light],
    ['dark', dark],
  ] as const) {
    describe(theme, () => {
      it.each(TEXT_PAIRS)('%s on %s reaches 4.5:1', (fg, bg) => {
        expect(contrast(resolve(vars, fg), resolve(vars, bg))).toBeGreaterThanOrEqual(4.5);
      });
      it.each(NON_TEXT_PAIRS)('%s against %s reaches 3:1', (fg, bg) => {
        expect(contrast(resolve(vars, fg), resolve(vars, bg))).toBeGreaterThanOrEqual(3);
      });
    });
  }

  it('the two themes differ and define the same semantic colours', () => {
    const names = (m: Map<string, string>) => [...m.keys()].filter((k) => k.startsWith('--color-')).sort();
    expect(names(declarations(/^\[data-theme='dark'\]$/))).toEqual(names(declarations(/^:root,\s*\[data-theme='light'\]$/)));
    expect(resolve(dark, '--color-bg')).not.toBe(resolve(light, '--color-bg'));
  });

  it('motion durations drop to 0 under prefers-reduced-motion', () => {
    const block = /@media \(prefers-reduced-motion: reduce\)\s*\{\s*:root\s*\{([^}]*)\}/.exec(css);
    expect(block).not.toBeNull();
    for (const name of ['--duration-fast', '--duration-base', '--duration-slow'])
      expect(block![1]).toMatch(new RegExp(`${name}:\\s*0m?s;`));
  });

  it('the contrast formula matches known values', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
  });
});
