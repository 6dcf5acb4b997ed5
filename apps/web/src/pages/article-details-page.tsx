import { useParams } from 'react-router';
import { ArticleView } from '../features/articles';
import { ArticlesTopBar } from './articles/articles-top-bar';

/** /articleDetails/{id} (open): one published article with related ones. */
export default function ArticleDetailsPage() {
  const { id = '' } = useParams();
  const articleId = /^[1-9][0-9]{0,15}$/.test(id) ? Number(id) : 0;
  return (
    <div className="article-page">
      <ArticlesTopBar />
      <ArticleView key={articleId} id={articleId} />
    </div>
  );
}
