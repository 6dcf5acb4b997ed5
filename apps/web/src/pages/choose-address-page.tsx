import { NoticeBar } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { MobileScreen } from '../features/mobile-shell';
import { ChooseAddressPanel, returnWithPlace, safeReturnPath, startingPoint } from '../features/space-upload';

/**
 * /chooseAddress?return=<same-site path>&lat=&lng= (spec 2.5): a point on the map, or the phone's location; Confirm
 * goes back to `return` with lat, lng and address added to its query (docs/space-upload.md).
 */
export default function ChooseAddressPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const returnPath = safeReturnPath(params.get('return'));
  const start = startingPoint(params.get('lat'), params.get('lng'));
  const fallback = returnPath ?? '/mobile/home';

  const cancel = () => {
    // React Router's own position in this tab's history: 0 means this page was opened first.
    const position = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (position > 0) void navigate(-1);
    else void navigate(fallback, { replace: true });
  };

  return (
    <MobileScreen title={t('chooseAddress.title')} back={fallback}>
      {!returnPath && <NoticeBar content={t('chooseAddress.badReturn')} color="alert" wrap data-testid="choose-address-bad-return" />}
      <ChooseAddressPanel
        start={start}
        onCancel={cancel}
        onConfirm={returnPath ? (place) => void navigate(returnWithPlace(returnPath, place), { replace: true }) : undefined}
      />
    </MobileScreen>
  );
}
