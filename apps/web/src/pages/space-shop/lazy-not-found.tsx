import { Suspense } from 'react';
import { PageLoading } from '../../components/page-loading';
import { lazyComponent } from '../../components/lazy-component';

const NotFoundPage = lazyComponent(() => import('../not-found-page').then((module) => module.default));

/**
 * The app's not-found page on a phone page that renders without antd (`antd: false`): it and antd load only when
 * a link turns out to be bad.
 */
export function LazyNotFound() {
  return (
    <Suspense fallback={<PageLoading fullScreen />}>
      <NotFoundPage />
    </Suspense>
  );
}
