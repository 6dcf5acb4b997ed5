// What other parts of the web app use of the articles feature: they import it from here, never from its folders.
import { lazy } from 'react';

export { ArticleGuide } from './components/article-guide';
export { ArticleView } from './components/article-view';
export { articlePath, articleEditorPath } from './lib/article-paths';

/** The back office's list: loaded when its page opens, so the public pages never pay for its table. */
export const ArticlesAdmin = lazy(() => import('./components/articles-admin'));
/** The back office's article editor: it brings Tiptap, so it is loaded only when its page opens. */
export const ArticleEditor = lazy(() => import('./components/article-editor'));
