import { SpatialErrors } from '@spatia/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../api/client';
import { measurement, WALL } from '../../../test/measurements';
import { afterSave, isDirty, isStaleSave, measurementsChanged, startDraft } from './measurement-draft';

const distance = WALL;
const area = measurement('m2', 'area', '', [0, 0, 0], [1, 0, 0], [1, 1, 0]);

describe('measurementsChanged', () => {
  it('sees no change in an equal copy', () => {
    expect(measurementsChanged([distance, area], structuredClone([distance, area]))).toBe(false);
    expect(measurementsChanged([], [])).toBe(false);
  });

  it('sees an added, removed or reordered measurement', () => {
    expect(measurementsChanged([distance], [distance, area])).toBe(true);
    expect(measurementsChanged([distance, area], [distance])).toBe(true);
    expect(measurementsChanged([distance, area], [area, distance])).toBe(true);
  });

  it('sees a renamed label and a moved point', () => {
    expect(measurementsChanged([distance], [{ ...distance, label: 'Wall 2' }])).toBe(true);
    expect(measurementsChanged([distance], [measurement('m1', 'distance', 'Wall', [0, 0, 0], [1, 0, 0.001])])).toBe(true);
  });
});

describe('a draft', () => {
  it('starts clean and becomes dirty when the viewer reports a change', () => {
    const draft = startDraft({ revision: 3, measurements: [distance] });
    expect(isDirty(draft)).toBe(false);
    expect(isDirty({ ...draft, current: [distance, area] })).toBe(true);
  });

  it('is clean after a save that sent what is shown, with the new revision', () => {
    const draft = { ...startDraft({ revision: 3, measurements: [] }), current: [distance] };
    const saved = afterSave(draft, [distance], { revision: 4, measurements: [distance] });
    expect(saved.saved.revision).toBe(4);
    expect(isDirty(saved)).toBe(false);
  });

  it('stays dirty when the person edited on while the save was on its way', () => {
    const draft = { ...startDraft({ revision: 3, measurements: [] }), current: [distance, area] };
    const saved = afterSave(draft, [distance], { revision: 4, measurements: [distance] });
    expect(saved.current).toEqual([distance, area]);
    expect(isDirty(saved)).toBe(true);
  });
});

describe('isStaleSave', () => {
  it('recognises the stale-revision refusal only', () => {
    expect(isStaleSave(new ApiError('stale', SpatialErrors.measurementsStale.code, 409, false))).toBe(true);
    expect(isStaleSave(new ApiError('bad', SpatialErrors.measurementsInvalid.code, 400, false))).toBe(false);
    expect(isStaleSave(new Error('network'))).toBe(false);
  });
});
