import { describe, expect, it } from 'vitest';
import { hasPermission, hasRole, isAdmin, Permission, Role } from './permissions.js';

const admin = { roles: [Role.admin], menus: [] };
const customer = { roles: [Role.customer], menus: [Permission.wallet] };

describe('permission rules', () => {
  it('lets admin pass every rule', () => {
    expect(isAdmin(admin)).toBe(true);
    expect(hasRole(admin, Role.merchant)).toBe(true);
    expect(hasPermission(admin, Permission.team)).toBe(true);
  });

  it('holds others to their roles and menus', () => {
    expect(isAdmin(customer)).toBe(false);
    expect(hasRole(customer, Role.customer)).toBe(true);
    expect(hasRole(customer, Role.merchant)).toBe(false);
    expect(hasPermission(customer, Permission.wallet)).toBe(true);
    expect(hasPermission(customer, Permission.team)).toBe(false);
  });
});
