export const WORK_VIEWS = ['grid', 'table'] as const;
export type WorkView = (typeof WORK_VIEWS)[number];

const STORAGE_KEY = 'spatia.works.view';

/** The dashboard's grid or table choice, remembered in this browser. */
export function readWorkView(): WorkView {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    return stored === 'table' ? 'table' : 'grid';
  } catch {
    return 'grid';
  }
}

export function writeWorkView(view: WorkView): void {
  try {
    localStorage.setItem(STORAGE_KEY, view);
  } catch {
    // Private mode without storage: the choice lasts for this page only.
  }
}
