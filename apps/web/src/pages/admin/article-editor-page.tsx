import { Skeleton } from 'antd';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { ArticleEditor } from '../../features/articles';

/** Writing an article (/admin/articles/edit/{id}, `new` for a new one; admins only). Tiptap loads with this page alone. */
export default function ArticleEditorPage() {
  const { t } = useTranslation();
  const { id = 'new' } = useParams();
  const articleId = /^[1-9][0-9]{0,15}$/.test(id) ? Number(id) : undefined;
  return (
    <>
      <PageHeader
        title={t(articleId === undefined ? 'articles.editor.titleNew' : 'articles.editor.titleEdit')}
        subtitle={t('articles.editor.subtitle')}
      />
      <Suspense fallback={<Skeleton active paragraph={{ rows: 10 }} />}>
        <ArticleEditor key={id} id={articleId} />
      </Suspense>
    </>
  );
}
