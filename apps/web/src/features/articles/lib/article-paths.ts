/** Where an article's public page is. */
export const articlePath = (id: number) => `/articleDetails/${id}`;

/** Where the back office edits an article; without an id, where a new one is written. */
export const articleEditorPath = (id?: number) => `/admin/articles/edit/${id ?? 'new'}`;

export const GUIDE_PATH = '/guide';
export const ADMIN_ARTICLES_PATH = '/admin/articles';
