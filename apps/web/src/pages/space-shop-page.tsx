import { useSearchParams } from 'react-router';
import { MobileScreen } from '../features/mobile-shell';
import { idOf, SpaceShopScreen } from '../features/space-shop';
import { LazyNotFound } from './space-shop/lazy-not-found';

/**
 * `/space/shop?id=<number>` (spec 2.5): a space's shop, open to anyone (spec 2.1: paths under /space); a private
 * space's shop takes its access code (`&code=`, as `/spaceDetail` does).
 */
export default function SpaceShopPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const id = idOf(searchParams.get('id'));
  if (id === null) return <LazyNotFound />;
  return (
    <SpaceShopScreen
      key={id}
      id={id}
      code={searchParams.get('code') ?? ''}
      onCode={(code) => setSearchParams({ id: String(id), code }, { replace: true })}
      Screen={MobileScreen}
      notFound={<LazyNotFound />}
    />
  );
}
