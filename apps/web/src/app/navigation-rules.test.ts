import { describe, expect, it } from 'vitest';
import { OPEN_PATHS, afterLoginTarget, decideNavigation, isOpenPath, showsSiteChrome, userInfoFailurePath } from './navigation-rules';

describe('isOpenPath (spec 2.1)', () => {
  // Each listed path, and a detail page under each listed prefix ('/details/' → '/details/1').
  it.each(OPEN_PATHS.map((open) => (open !== '/' && open.endsWith('/') ? `${open}1` : open)))('%s is open', (path) => {
    expect(isOpenPath(path)).toBe(true);
  });

  it.each(['/detailsAnything', '/mobile/category/3', '/mobile/whatever', '/articleDetailsX', '/space/house', '/space/new', '/spaceX'])(
    '%s is open by prefix',
    (path) => {
      expect(isOpenPath(path)).toBe(true);
    },
  );

  it.each(['/dashboard/dashboard', '/wallet/index', '/404', '/order/consume/flow', '/marketing', '/login/extra', '/userWork'])(
    '%s needs a token',
    (path) => {
      expect(isOpenPath(path)).toBe(false);
    },
  );
});

describe('showsSiteChrome (spec 2.1)', () => {
  it.each(['/', '/search', '/addOrder', '/person', '/userWork/1', '/userWork/abc'])('%s has header and footer', (path) => {
    expect(showsSiteChrome(path)).toBe(true);
  });
  it.each(['/login', '/privacyProtocol', '/dashboard/dashboard', '/market', '/product', '/searchx', '/404'])('%s has neither', (path) => {
    expect(showsSiteChrome(path)).toBe(false);
  });
});

describe('decideNavigation', () => {
  it('lets anonymous users through open paths', () => {
    expect(decideNavigation({ pathname: '/', search: '', hasToken: false, userLoaded: false })).toEqual({ kind: 'allow' });
  });

  it('sends anonymous users to /login with the original path and query', () => {
    expect(decideNavigation({ pathname: '/dashboard/dashboard', search: '?a=1&b=2', hasToken: false, userLoaded: false })).toEqual({
      kind: 'redirect',
      to: '/login?redirect=%2Fdashboard%2Fdashboard%3Fa%3D1%26b%3D2',
    });
  });

  it('loads user info once when a token exists but menus are not loaded', () => {
    expect(decideNavigation({ pathname: '/dashboard/dashboard', search: '', hasToken: true, userLoaded: false })).toEqual({
      kind: 'load-user',
    });
    expect(decideNavigation({ pathname: '/', search: '', hasToken: true, userLoaded: false })).toEqual({ kind: 'load-user' });
    expect(decideNavigation({ pathname: '/dashboard/dashboard', search: '', hasToken: true, userLoaded: true })).toEqual({
      kind: 'allow',
    });
  });

  it('sends a signed-in user away from /login to the redirect target', () => {
    expect(decideNavigation({ pathname: '/login', search: '?redirect=%2Fwallet%2Findex', hasToken: true, userLoaded: true })).toEqual({
      kind: 'redirect',
      to: '/wallet/index',
    });
    expect(decideNavigation({ pathname: '/login', search: '', hasToken: true, userLoaded: false })).toEqual({
      kind: 'redirect',
      to: '/dashboard/dashboard',
    });
  });
});

describe('redirect targets', () => {
  it('goes to the redirect or the dashboard after login', () => {
    expect(afterLoginTarget('/search?q=1')).toBe('/search?q=1');
    expect(afterLoginTarget(null)).toBe('/dashboard/dashboard');
  });
  it('never leaves the site', () => {
    expect(afterLoginTarget('https://evil.example')).toBe('/dashboard/dashboard');
    expect(afterLoginTarget('//evil.example')).toBe('/dashboard/dashboard');
  });
  it('sends a failed user-info fetch to / with the path', () => {
    expect(userInfoFailurePath('/wallet/index?x=1')).toBe('/?redirect=%2Fwallet%2Findex%3Fx%3D1');
  });
});
