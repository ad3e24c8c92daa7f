import { describe, expect, it } from 'vitest';
import { param } from '#src/lib/use-search-param.ts';

describe('query-string params', () => {
  it('reads what is valid and falls back to the default for anything else', () => {
    const page = param.int(1, 1, 100);
    expect([
      page.parse('3'),
      page.parse(null),
      page.parse('0'),
      page.parse('101'),
      page.parse('2.5'),
      page.parse('-1'),
      page.parse('x'),
    ]).toEqual([3, 1, 1, 1, 1, 1, 1]);
    const when = param.oneOf(['open', 'closed', 'any'] as const, 'open');
    expect([when.parse('any'), when.parse('nope'), when.parse(null)]).toEqual(['any', 'open', 'open']);
    const sex = param.optional(['female', 'male'] as const);
    expect([sex.parse('male'), sex.parse(''), sex.parse('other')]).toEqual(['male', null, null]);
    expect(param.string().parse('fran')).toBe('fran');
  });

  it('writes values back as text, the default as the empty form the address leaves out', () => {
    expect(param.int(1, 1).format(4)).toBe('4');
    expect(param.optional(['rx'] as const).format(null)).toBe('');
    expect(param.string().format(param.string().initial)).toBe('');
  });
});
