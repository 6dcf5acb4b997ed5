import type { SpaceView } from '@spatia/contract';
import { describe, expect, it } from 'vitest';
import {
  chosenAddressOf,
  draftKeyOf,
  EMPTY_SPACE_FORM,
  formValuesOf,
  saveDraft,
  spaceFieldRules,
  spaceInputOf,
  takeDraft,
  withoutChosenAddress,
} from './space-form';

class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
}

describe('spaceInputOf', () => {
  it('sends a personal space without the enterprise fields', () => {
    const input = spaceInputOf({
      ...EMPTY_SPACE_FORM,
      name: '  Riverside ',
      website: 'acme',
      brandColor: '#112233',
      logoUrl: '/files/l.webp',
    });
    expect(input).toMatchObject({ kind: 'personal', name: 'Riverside', website: null, brandColor: null, logoUrl: '' });
    expect(input).not.toHaveProperty('accessCode');
  });

  it('sends an enterprise space with its address, colour and logo', () => {
    const input = spaceInputOf({
      ...EMPTY_SPACE_FORM,
      kind: 'enterprise',
      name: 'Acme',
      website: ' Acme-Home ',
      brandColor: '#AA0011',
      logoUrl: '/files/l.webp',
    });
    expect(input).toMatchObject({ website: 'acme-home', brandColor: '#aa0011', logoUrl: '/files/l.webp' });
  });

  it('sends a private space’s code only when one is typed', () => {
    expect(spaceInputOf({ ...EMPTY_SPACE_FORM, visibility: 'private', accessCode: ' Open42 ' }).accessCode).toBe('Open42');
    expect(spaceInputOf({ ...EMPTY_SPACE_FORM, visibility: 'private', accessCode: '' })).not.toHaveProperty('accessCode');
    expect(spaceInputOf({ ...EMPTY_SPACE_FORM, visibility: 'public', accessCode: 'Open42' })).not.toHaveProperty('accessCode');
  });

  it('sends both coordinates or neither, and no empty phone', () => {
    expect(spaceInputOf({ ...EMPTY_SPACE_FORM, latitude: 31.2, longitude: null })).toMatchObject({ latitude: null, longitude: null });
    expect(spaceInputOf({ ...EMPTY_SPACE_FORM, latitude: 31.2, longitude: 121.5 })).toMatchObject({ latitude: 31.2, longitude: 121.5 });
    expect(spaceInputOf({ ...EMPTY_SPACE_FORM, contactPhone: '  ' }).contactPhone).toBeNull();
  });

  it('starts editing from the space, with an empty code', () => {
    const space = {
      kind: 'enterprise',
      name: 'Acme',
      intro: 'Hi',
      coverUrl: '/files/c.webp',
      logoUrl: '',
      visibility: 'private',
      website: null,
      brandColor: null,
      contactPhone: null,
      address: 'Somewhere',
      latitude: 1,
      longitude: 2,
    } as unknown as SpaceView;
    expect(formValuesOf(space)).toMatchObject({
      kind: 'enterprise',
      visibility: 'private',
      accessCode: '',
      website: '',
      brandColor: '',
      contactPhone: '',
    });
  });
});

describe('spaceFieldRules', () => {
  it('asks a new private space for a code, and lets an edited one keep its own', () => {
    expect(spaceFieldRules.accessCode('', 'private', false)).toBe('spacePages.form.accessCodeRequired');
    expect(spaceFieldRules.accessCode('', 'private', true)).toBeUndefined();
    expect(spaceFieldRules.accessCode('ab', 'private', true)).toBe('spacePages.form.accessCodeInvalid');
    expect(spaceFieldRules.accessCode('', 'public', false)).toBeUndefined();
  });

  it('checks the website, colour and phone as the contract says', () => {
    expect(spaceFieldRules.website('ab')).toBe('spacePages.form.websiteInvalid');
    expect(spaceFieldRules.website('acme')).toBeUndefined();
    expect(spaceFieldRules.brandColor('#12345')).toBe('spacePages.form.brandColorInvalid');
    expect(spaceFieldRules.brandColor('')).toBeUndefined();
    expect(spaceFieldRules.contactPhone('call me')).toBe('spacePages.form.contactPhoneInvalid');
    expect(spaceFieldRules.contactPhone('+86 138-0000-0110')).toBeUndefined();
  });
});

describe('the draft kept while the map picks an address', () => {
  it('comes back once, as typed', () => {
    const storage = new MemoryStorage();
    const key = draftKeyOf(undefined);
    saveDraft(key, { ...EMPTY_SPACE_FORM, name: 'Half typed', kind: 'enterprise', latitude: 3 }, storage);
    expect(takeDraft(key, storage)).toMatchObject({ name: 'Half typed', kind: 'enterprise', latitude: 3 });
    expect(takeDraft(key, storage)).toBeUndefined();
  });

  it('ignores what does not look like the form', () => {
    const storage = new MemoryStorage();
    storage.setItem(draftKeyOf('u1'), '{"name": 5, "kind": "robot", "latitude": "x"}');
    expect(takeDraft(draftKeyOf('u1'), storage)).toEqual(EMPTY_SPACE_FORM);
    storage.setItem(draftKeyOf('u1'), 'not json');
    expect(takeDraft(draftKeyOf('u1'), storage)).toBeUndefined();
  });
});

describe('chosenAddressOf', () => {
  it('reads what the map page added', () => {
    const params = new URLSearchParams('uid=u1&lat=31.2304&lng=121.4737&address=%E4%B8%8A%E6%B5%B7');
    expect(chosenAddressOf(params)).toEqual({ latitude: 31.2304, longitude: 121.4737, address: '上海' });
    expect(withoutChosenAddress(params).toString()).toBe('uid=u1');
  });

  it('ignores a missing or impossible place', () => {
    expect(chosenAddressOf(new URLSearchParams('lat=31'))).toBeUndefined();
    expect(chosenAddressOf(new URLSearchParams('lat=95&lng=10'))).toBeUndefined();
    expect(chosenAddressOf(new URLSearchParams('lat=&lng='))).toBeUndefined();
    expect(chosenAddressOf(new URLSearchParams('lat=abc&lng=1'))).toBeUndefined();
  });
});
