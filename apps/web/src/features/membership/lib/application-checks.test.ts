import { describe, expect, it } from 'vitest';
import { firstApplicationProblem, type ApplicationDraft } from './application-checks';

const complete: ApplicationDraft = {
  companyName: 'ACME',
  name: 'Li',
  phone: '13800000000',
  versionId: 1,
  licenceImages: ['/files/x'],
  uploading: 0,
};

describe('firstApplicationProblem (spec 5 order)', () => {
  it('names the entity first, whatever else is missing', () => {
    expect(firstApplicationProblem({ licenceImages: [], uploading: 0 })).toBe('entityName');
    expect(firstApplicationProblem({ ...complete, companyName: '   ', name: '' })).toBe('entityName');
  });

  it('then name and phone, either missing', () => {
    expect(firstApplicationProblem({ ...complete, name: '', versionId: undefined })).toBe('nameAndPhone');
    expect(firstApplicationProblem({ ...complete, phone: '' })).toBe('nameAndPhone');
  });

  it('then the version, then the licence', () => {
    expect(firstApplicationProblem({ ...complete, versionId: undefined, licenceImages: [] })).toBe('version');
    expect(firstApplicationProblem({ ...complete, licenceImages: [] })).toBe('licence');
    expect(firstApplicationProblem({ ...complete, licenceImages: [], uploading: 1 })).toBe('uploading');
    expect(firstApplicationProblem({ ...complete, uploading: 1 })).toBe('uploading');
  });

  it('passes a complete draft', () => {
    expect(firstApplicationProblem(complete)).toBeNull();
  });
});
