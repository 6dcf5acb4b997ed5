import { describe, expect, it } from 'vitest';
import { defaultPointBudget } from './budget';

describe('defaultPointBudget', () => {
  const desktop = { deviceMemoryGb: 8, cores: 8, coarsePointer: false, screenShortSide: 1080 };
  const phone = { deviceMemoryGb: 4, cores: 8, coarsePointer: true, screenShortSide: 390 };

  it('gives a desktop a million points and a phone 300 000', () => {
    expect(defaultPointBudget(desktop)).toBe(1_000_000);
    expect(defaultPointBudget(phone)).toBe(300_000);
  });

  it('treats a touch screen larger than a tablet as a desktop', () => {
    expect(defaultPointBudget({ ...desktop, coarsePointer: true, screenShortSide: 1440 })).toBe(1_000_000);
  });

  it('lowers the budget with little memory or few cores', () => {
    expect(defaultPointBudget({ ...desktop, deviceMemoryGb: 4 })).toBe(600_000);
    expect(defaultPointBudget({ ...desktop, deviceMemoryGb: 2 })).toBe(300_000);
    expect(defaultPointBudget({ ...phone, deviceMemoryGb: 1 })).toBe(150_000);
    expect(defaultPointBudget({ ...desktop, cores: 2 })).toBe(500_000);
    expect(defaultPointBudget({ ...phone, cores: 2 })).toBe(150_000);
  });

  it('keeps the class budget where the browser does not tell (Safari, Firefox)', () => {
    expect(defaultPointBudget({ ...desktop, deviceMemoryGb: undefined, cores: undefined })).toBe(1_000_000);
    expect(defaultPointBudget({ ...phone, deviceMemoryGb: undefined })).toBe(300_000);
  });
});
