import type { FlowRechargePlan } from '@spatia/contract';

/** A plan's price a month, and what it saves against the one-month plan (whole percent; 0 when none). */
export function planSavings(plan: FlowRechargePlan, plans: readonly FlowRechargePlan[]): { perMonthFen: number; savingPercent: number } {
  const perMonthFen = Math.round(plan.feeFen / plan.months);
  const single = plans.find((candidate) => candidate.months === 1);
  if (!single || plan.months === 1) return { perMonthFen, savingPercent: 0 };
  const savingPercent = Math.floor((1 - plan.feeFen / (single.feeFen * plan.months)) * 100);
  return { perMonthFen, savingPercent: Math.max(0, savingPercent) };
}
