import { describe, expect, it } from 'vitest';
import { rewriteLegacyPath } from '#src/api/client.ts';
import { normalizeBasePath } from '#server/config.ts';
import { dismissToast, getToasts, toast } from '#src/lib/toast.ts';

describe('the API client', () => {
  it('rewrites /api/routes/… to /api/… and leaves other paths alone', () => {
    expect(rewriteLegacyPath('http://h/fit/api/routes/challenges/my-created')).toBe('http://h/fit/api/challenges/my-created');
    expect(rewriteLegacyPath('http://h/api/health')).toBe('http://h/api/health');
  });
});

describe('BASE_PATH', () => {
  it('normalizes to a leading and trailing slash', () => {
    expect(normalizeBasePath(undefined)).toBe('/');
    expect(normalizeBasePath('fit')).toBe('/fit/');
    expect(normalizeBasePath('/fit')).toBe('/fit/');
    expect(normalizeBasePath('/a/b/')).toBe('/a/b/');
  });
  it('refuses values that are not a path', () => {
    expect(() => normalizeBasePath('/x"><script>')).toThrow(/BASE_PATH/);
  });
});

describe('toast()', () => {
  it('queues toasts, drops an identical one shown just before, and dismisses by id', () => {
    const a = toast({ title: 'Saved', variant: 'success' });
    toast({ title: 'Network error. Please check your connection.', variant: 'error' });
    const c = toast({ title: 'Network error. Please check your connection.', variant: 'error' });
    expect(getToasts().map((t) => t.title)).toEqual(['Saved', 'Network error. Please check your connection.']);
    dismissToast(c);
    dismissToast(a);
    expect(getToasts()).toEqual([]);
  });
});
