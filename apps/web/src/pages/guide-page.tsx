import { ArticleGuide } from '../features/articles';
import { ArticlesTopBar } from './articles/articles-top-bar';

/** /guide (open): the course guide, with the news and the cases a tab away (docs/articles.md). */
export default function GuidePage() {
  return (
    <div className="article-guide">
      <ArticlesTopBar />
      <ArticleGuide />
    </div>
  );
}
