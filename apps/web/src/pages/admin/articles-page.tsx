import { Skeleton } from 'antd';
import { Suspense } from 'react';
import { FeaturePage } from '../../components/feature-page';
import { ArticlesAdmin } from '../../features/articles';

/** The articles of the course guide, news and cases (/admin/articles, admins only; docs/articles.md). */
export default function ArticlesPage() {
  return (
    <FeaturePage titleKey="menu.adminArticles" subtitleKey="articles.admin.subtitle">
      <Suspense fallback={<Skeleton active paragraph={{ rows: 8 }} />}>
        <ArticlesAdmin />
      </Suspense>
    </FeaturePage>
  );
}
