/*
 * Spaces on the phone (spec 2.5, docs/spaces-pages.md): a person's or an enterprise's own mini-site of their works,
 * drawn by its template; the form that makes one, the template picker, a person's spaces and houses. The pages in
 * src/pages/ put these in the phone shell.
 */
export {
  fetchHouses,
  spaceErrorCode,
  spaceKeys,
  useDeleteSpace,
  useSaveSpace,
  useSaveTemplate,
  useSpace,
  useSpacePerson,
  SPACE_NEEDS_CODE,
  SPACE_WRONG_CODE,
  type SpaceWhich,
} from './api/spaces-api';
export { CodeGate } from './components/code-gate';
export { HouseItem } from './components/house-list';
export { PersonSpaces } from './components/person-spaces';
export { SpaceForm } from './components/space-form';
export { SpaceView } from './components/space-view';
export { TemplatePicker, TemplatePreview } from './components/template-picker';
export {
  chosenAddressOf,
  draftKeyOf,
  EMPTY_SPACE_FORM,
  formValuesOf,
  saveDraft,
  spaceInputOf,
  takeDraft,
  withoutChosenAddress,
  type SpaceFormValues,
} from './lib/space-form';
export {
  chooseAddressPath,
  personHousesPath,
  personSpacesPath,
  spaceDetailPath,
  spaceFormPath,
  spaceTemplatePath,
} from './lib/space-paths';
export { spaceThemeOf } from './lib/space-theme';
