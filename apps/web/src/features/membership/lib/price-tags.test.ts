import { describe, expect, it } from 'vitest';
import { tagsBeyondHeadline } from './price-tags';

const professional = { monthlyPriceFen: 9900, trialDays: 30 };
const tag = (value: string, label = 'x') => ({ label, value });

describe('tagsBeyondHeadline', () => {
  it('drops the seeded tags, which only repeat the monthly price and the trial length', () => {
    expect(tagsBeyondHeadline([tag('¥99', '月付'), tag('30', '免费试用天数')], professional)).toEqual([]);
  });

  it('knows the price however it is written', () => {
    for (const value of ['¥99', '￥ 99', '99', '99.00', '99元', '¥99/月', '¥99 / month', '99 yuan']) {
      expect(tagsBeyondHeadline([tag(value)], professional)).toEqual([]);
    }
  });

  it('knows the trial length however it is written, in one language or both', () => {
    for (const value of ['30', '30 天', '30 days', '30天 / 30 days']) {
      expect(tagsBeyondHeadline([tag(value)], professional)).toEqual([]);
    }
  });

  it('keeps what says more: another amount, another period, other units, words', () => {
    const kept = [tag('¥999/年'), tag('¥990'), tag('100 GB'), tag('15 天'), tag('30 天 / 15 days'), tag('5 个席位'), tag('按需')];
    expect(tagsBeyondHeadline(kept, professional)).toEqual(kept);
  });

  it('keeps a day count when the version has no trial to repeat', () => {
    expect(tagsBeyondHeadline([tag('0'), tag('7 days')], { monthlyPriceFen: 100, trialDays: 0 })).toEqual([tag('0'), tag('7 days')]);
  });
});
