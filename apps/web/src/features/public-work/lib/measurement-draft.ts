import { type Measurement, type MeasurementSet, SpatialErrors } from '@spatia/contract';
import { ApiError } from '../../../api/client';

/**
 * The owner's measurements on the public page: what the server holds (with its revision) and what
 * the viewer shows now. Saving sends the revision it started from; the server refuses an older one.
 */
export interface MeasurementDraft {
  saved: MeasurementSet;
  current: Measurement[];
}

export function startDraft(saved: MeasurementSet): MeasurementDraft {
  return { saved, current: saved.measurements };
}

/** Whether the shown measurements differ from the saved ones: order, kinds, labels or any coordinate. */
export function measurementsChanged(saved: readonly Measurement[], current: readonly Measurement[]): boolean {
  if (saved.length !== current.length) return true;
  return saved.some((measurement, index) => !sameMeasurement(measurement, current[index]!));
}

export function isDirty(draft: MeasurementDraft): boolean {
  return measurementsChanged(draft.saved.measurements, draft.current);
}

function sameMeasurement(a: Measurement, b: Measurement): boolean {
  if (a.id !== b.id || a.kind !== b.kind || a.label !== b.label || a.points.length !== b.points.length) return false;
  return a.points.every((point, index) => {
    const other = b.points[index]!;
    return point[0] === other[0] && point[1] === other[1] && point[2] === other[2];
  });
}

/** After a save: the server's set is the new baseline; edits made while it was on its way stay dirty. */
export function afterSave(draft: MeasurementDraft, sent: readonly Measurement[], answer: MeasurementSet): MeasurementDraft {
  const editedMeanwhile = measurementsChanged(sent, draft.current);
  return { saved: answer, current: editedMeanwhile ? draft.current : answer.measurements };
}

/** Someone saved these measurements elsewhere since this page loaded (1909): reload, or lose theirs. */
export function isStaleSave(error: unknown): boolean {
  return error instanceof ApiError && error.code === SpatialErrors.measurementsStale.code;
}
