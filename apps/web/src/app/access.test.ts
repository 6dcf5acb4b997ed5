import { describe, expect, it } from 'vitest';
import { Permission } from '@spatia/contract';
import { accessibleConsoleRoutes, filterRoutes, findRouteChain, hasPage, isPathAccessible, landingPathOf, menuRoutes } from './access';
import { permissionRoutes, routeTable } from './route-table';
import type { AppRoute } from './route-types';

const paths = (routes: readonly AppRoute[]): string[] => routes.flatMap((route) => [route.path, ...paths(route.children ?? [])]);

const admin = { roles: ['admin'], menus: [] };
const customer = { roles: ['customer'], menus: [161, 162, 35, 37, 163] };

describe('filterRoutes (spec 6)', () => {
  it('gives admin every route, whatever the menus', () => {
    expect(filterRoutes(permissionRoutes, admin)).toEqual([...permissionRoutes]);
  });

  it('gives a non-admin with empty menus no routes', () => {
    expect(filterRoutes(permissionRoutes, { roles: ['customer'], menus: [] })).toEqual([]);
  });

  it('removes routes whose perm is not in menus', () => {
    const kept = paths(filterRoutes(permissionRoutes, customer));
    expect(kept).toContain('/userInformation/index');
    expect(kept).toContain('/wallet/index');
    expect(kept).toContain('/recode/income');
    expect(kept).toContain('/team/index');
    expect(kept).toContain('/order/consume/flow');
    expect(kept).not.toContain('/pointCloudList');
    expect(kept).not.toContain('/tujingxiu/tujingxiu');
    expect(kept).not.toContain('/landingPage/landingPage');
    expect(kept).not.toContain('/explain/list');
  });

  it('filters children the same way', () => {
    const tree: AppRoute[] = [
      {
        path: '/a',
        meta: { titleKey: 'a', layout: 'console' },
        children: [
          { path: '/a/ok', meta: { titleKey: 'ok', layout: 'console', perm: Permission.wallet } },
          { path: '/a/no', meta: { titleKey: 'no', layout: 'console', perm: Permission.explain } },
          {
            path: '/a/deep',
            meta: { titleKey: 'deep', layout: 'console' },
            children: [{ path: '/a/deep/no', meta: { titleKey: 'x', layout: 'console', perm: Permission.team } }],
          },
        ],
      },
    ];
    expect(paths(filterRoutes(tree, { roles: [], menus: [Permission.wallet] }))).toEqual(['/a', '/a/ok', '/a/deep']);
  });

  it('keeps the service-provider consume order for merchants only', () => {
    const merchant = { roles: ['merchant'], menus: [Permission.order] };
    expect(paths(filterRoutes(permissionRoutes, merchant))).toContain('/order/consume/serviceProvider');
    expect(paths(filterRoutes(permissionRoutes, customer))).not.toContain('/order/consume/serviceProvider');
    expect(paths(filterRoutes(permissionRoutes, customer))).toContain('/order/income/serviceProvider');
  });
});

/** Account basics (276): every role's default, so every real account holds it. */
const basics = [Permission.locked];

describe('role-restricted console routes (spec 2.3)', () => {
  it('gives /recharge/index to photographers and customers, /signed/index to photographers', () => {
    const photographer = paths(accessibleConsoleRoutes({ roles: ['photographer'], menus: basics }));
    expect(photographer).toEqual(expect.arrayContaining(['/dashboard/dashboard', '/recharge/index', '/signed/index']));
    const customerPaths = paths(accessibleConsoleRoutes(customer));
    expect(customerPaths).toContain('/recharge/index');
    expect(customerPaths).not.toContain('/signed/index');
    const merchant = paths(accessibleConsoleRoutes({ roles: ['merchant'], menus: basics }));
    expect(merchant).not.toContain('/recharge/index');
    expect(merchant).toContain('/dashboard/dashboard');
  });

  it('gives a non-admin with empty menus none of them either (spec 6)', () => {
    expect(accessibleConsoleRoutes({ roles: ['photographer'], menus: [] })).toEqual([]);
    expect(isPathAccessible('/dashboard/dashboard', { roles: ['customer'], menus: [] })).toBe(false);
    expect(paths(accessibleConsoleRoutes(admin))).toContain('/dashboard/dashboard');
  });
});

describe('landingPathOf (a parent of the sidebar typed or bookmarked)', () => {
  it('leads to the first child page the user may see, in menu order', () => {
    expect(landingPathOf('/wallet', customer)).toBe('/wallet/index');
    expect(landingPathOf('/order', customer)).toBe('/order/consume/orientation');
    expect(landingPathOf('/order/income', customer)).toBe('/order/income/orientation');
    expect(landingPathOf('/userInformation', customer)).toBe('/userInformation/index');
    expect(landingPathOf('/admin', admin)).toBe('/admin/overview');
  });

  it('leaves pages, unknown paths and parents out of reach alone', () => {
    expect(landingPathOf('/wallet/index', customer)).toBeUndefined();
    expect(landingPathOf('/nowhere', customer)).toBeUndefined();
    expect(landingPathOf('/admin', customer)).toBeUndefined();
    expect(landingPathOf('/wallet', { roles: ['customer'], menus: basics })).toBeUndefined();
  });
});

describe('isPathAccessible', () => {
  it('allows public paths to everyone signed in, and the dashboard to everyone with menus', () => {
    expect(isPathAccessible('/', { roles: [], menus: [] })).toBe(true);
    expect(isPathAccessible('/dashboard/dashboard', { roles: [], menus: basics })).toBe(true);
  });
  it('denies gated paths without the permission', () => {
    expect(isPathAccessible('/wallet/index', { roles: ['customer'], menus: [] })).toBe(false);
    expect(isPathAccessible('/wallet/index', customer)).toBe(true);
    expect(isPathAccessible('/explain/detail', customer)).toBe(false);
    expect(isPathAccessible('/explain/detail', admin)).toBe(true);
  });
});

describe('route table', () => {
  it('declares every route of spec 2.2-2.5', () => {
    const all = paths(routeTable);
    const expected = [
      '/rentingHouse',
      '/index',
      '/',
      '/addOrder',
      '/product',
      '/guide',
      '/articleDetails/:id',
      '/enterprise',
      '/map',
      '/userProtocol',
      '/privacyProtocol',
      '/rechargeProtocol',
      '/login',
      '/alipayAuthorization',
      '/404',
      '/details/:id',
      '/person',
      '/userWork/:id',
      '/dashboard/dashboard',
      '/model/receiptModel',
      '/model/sendModel',
      '/recharge/index',
      '/signed/index',
      '/userInformation/index',
      '/userInformation/vip',
      '/recode/income',
      '/wallet/index',
      '/wallet/lease',
      '/wallet/withdrawRecord',
      '/wallet/withdraw',
      '/order/consume/orientation',
      '/order/consume/market',
      '/order/consume/flow',
      '/order/consume/serviceProvider',
      '/order/consume/membership',
      '/order/income/orientation',
      '/order/income/serviceProvider',
      '/order/income/market',
      '/team/index',
      '/tujingxiu/tujingxiu',
      '/landingPage/landingPage',
      '/explain/list',
      '/explain/detail',
      '/earthvr',
      '/chooseAddress',
      '/mobile/category/:id',
      '/mobile/home',
      '/mobile/map',
      '/mobile/product',
      '/mobile/storeDetail',
      '/mobile/qrConfirm',
      '/space/house',
      '/space/upload',
      '/space/template',
      '/space/shop',
      '/space/paySuccess',
      '/space/shop-pay',
      '/mobile_space',
      '/spaceDetail',
      '/space/new',
    ];
    expect(all).toEqual(expect.arrayContaining(expected));
    expect(new Set(all).size).toBe(all.length);
  });

  it('uses the spec permission ids', () => {
    const perms = new Set(
      (function collect(routes: readonly AppRoute[]): number[] {
        return routes.flatMap((route) => [...(route.meta.perm ? [route.meta.perm] : []), ...collect(route.children ?? [])]);
      })(permissionRoutes),
    );
    expect([...perms].sort((a, b) => a - b)).toEqual([35, 37, 42, 161, 162, 460, 962, 163].sort((a, b) => a - b));
  });

  it('finds the chain of a nested route', () => {
    expect(findRouteChain(routeTable, '/order/consume/flow').map((route) => route.path)).toEqual([
      '/order',
      '/order/consume',
      '/order/consume/flow',
    ]);
    expect(findRouteChain(routeTable, '/details/42').map((route) => route.path)).toEqual(['/details/:id']);
    expect(findRouteChain(routeTable, '/nowhere')).toEqual([]);
  });

  it('shows only built, visible pages in menus', () => {
    expect(paths(menuRoutes(accessibleConsoleRoutes(admin)))).toEqual(
      expect.arrayContaining([
        '/dashboard/dashboard',
        '/model/receiptModel',
        '/model/sendModel',
        '/pointCloudList',
        '/userInformation',
        '/userInformation/index',
        // The back office, with the pages built so far.
        '/admin',
        '/admin/users',
        '/admin/log',
      ]),
    );
    // Only admins have the back office: in the menu, and to the guard.
    expect(paths(menuRoutes(accessibleConsoleRoutes({ roles: ['merchant'], menus: [161] })))).not.toContain('/admin');
    expect(isPathAccessible('/admin/users/abc', { roles: ['merchant'], menus: [161] })).toBe(false);
    expect(isPathAccessible('/admin/users/abc', admin)).toBe(true);
    expect(paths(menuRoutes(accessibleConsoleRoutes({ roles: ['customer'], menus: [35] })))).toEqual([
      '/dashboard/dashboard',
      '/model/receiptModel',
      '/model/sendModel',
      '/model/bought',
      '/recharge/index',
      // Ours (docs/web.md "Service orders"): the shoots a customer or merchant booked.
      '/serviceOrders',
      '/wallet',
      '/wallet/index',
    ]);
    // Spec 2.3: recharge is for photographers and customers only.
    expect(paths(menuRoutes(accessibleConsoleRoutes({ roles: ['merchant'], menus: [35] })))).not.toContain('/recharge/index');
    expect(hasPage(routeTable, '/dashboard/dashboard')).toBe(true);
    expect(hasPage(routeTable, '/userInformation/index')).toBe(true);
    expect(hasPage(routeTable, '/wallet/lease')).toBe(true);
    expect(hasPage(routeTable, '/team/index')).toBe(true);
    expect(hasPage(routeTable, '/addOrder')).toBe(true);
    expect(hasPage(routeTable, '/explain/list')).toBe(true);
  });
});
