import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { MobileScreen, useSignInFirst } from '../features/mobile-shell';
import { MobileProduct } from '../features/mobile-site';
import { useSession } from '../stores/session-store';
import { useComparedVersions } from './site/compared-versions';

/**
 * /mobile/product (spec 2.5, open): the product page and the membership versions for a phone. Apply asks a
 * visitor to sign in and comes back here; a signed-in person applies on /product#versions, whose membership
 * dialog takes the application (docs/mobile.md).
 */
export default function MobileProductPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signedIn = useSession((session) => session.token !== '');
  const signInFirst = useSignInFirst();
  const { versions, isPending } = useComparedVersions();
  return (
    <MobileScreen title={t('mobileSite.product.title')} back={false} tabs>
      <MobileProduct
        versions={versions}
        versionsPending={isPending}
        signedIn={signedIn}
        onApply={() => (signedIn ? void navigate('/product#versions') : signInFirst())}
      />
    </MobileScreen>
  );
}
