import { describe, expect, it } from 'vitest';
import { loginReturn } from '#src/lib/session/session-provider.tsx';

describe('the way back after the session expired', () => {
  it('names the page the athlete was on, with its query, inside the app', () => {
    expect(loginReturn({ pathname: '/challenge-detail-page', search: '?id=4' }, '')).toBe('?next=%2Fchallenge-detail-page%3Fid%3D4');
    expect(loginReturn({ pathname: '/fit/my-results-page', search: '' }, '/fit')).toBe('?next=%2Fmy-results-page');
  });
  it('leaves it out for the home page, the sign-in pages and anything outside the mount point', () => {
    expect(loginReturn({ pathname: '/', search: '' }, '')).toBe('');
    expect(loginReturn({ pathname: '/login-page', search: '?next=%2Fx' }, '')).toBe('');
    expect(loginReturn({ pathname: '/elsewhere/page', search: '' }, '/fit')).toBe('');
    expect(loginReturn({ pathname: '//evil.example/x', search: '' }, '')).toBe('');
  });
});
