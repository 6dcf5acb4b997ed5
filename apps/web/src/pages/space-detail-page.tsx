import { Button, Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { MobileState } from '../components/mobile-state';
import { MobileScreen } from '../features/mobile-shell';
import { CodeGate, SPACE_NEEDS_CODE, SPACE_WRONG_CODE, SpaceView, spaceErrorCode, spaceThemeOf, useSpace } from '../features/spaces';

/**
 * `/spaceDetail?uid=…` or `?website=…` (spec 2.5), with `code` for a private space: the space drawn by its template.
 * Without the code, or with a wrong one, the page asks for it; the code goes into the address so that a reload
 * keeps the space open.
 */
export default function SpaceDetailPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const which = {
    uid: params.get('uid')?.trim() || undefined,
    website: params.get('website')?.trim().toLowerCase() || undefined,
    code: params.get('code')?.trim() || undefined,
  };
  const space = useSpace(which);
  const errorCode = spaceErrorCode(space.error);
  const theme = space.data ? spaceThemeOf(space.data.templateCode, space.data.brandColor) : undefined;

  const submitCode = (code: string) => {
    const next = new URLSearchParams(params);
    next.set('code', code);
    setParams(next, { replace: true });
  };

  let body: React.ReactNode;
  if (!which.uid && !which.website) body = <MobileState kind="empty" className="sp-page-state" title={t('spacePages.state.noSpace')} />;
  else if (space.isPending) body = <Skeleton.Paragraph lineCount={8} animated className="sp-page-state" />;
  else if (errorCode === SPACE_NEEDS_CODE || errorCode === SPACE_WRONG_CODE)
    body = <CodeGate key={which.code ?? ''} wrong={errorCode === SPACE_WRONG_CODE} onSubmit={submitCode} />;
  else if (space.isError)
    body = (
      <MobileState
        kind={space.error instanceof Error && space.error.message ? 'empty' : 'failed'}
        className="sp-page-state"
        title={(space.error instanceof Error && space.error.message) || t('spacePages.state.failed')}
        testId="space-missing"
      >
        <Button color="primary" onClick={() => void space.refetch()}>
          {t('spacePages.state.retry')}
        </Button>
      </MobileState>
    );
  else body = <SpaceView space={space.data} />;

  const title =
    space.data?.name ??
    (errorCode === SPACE_NEEDS_CODE || errorCode === SPACE_WRONG_CODE ? t('spacePages.title.private') : t('spacePages.title.detail'));
  return (
    <MobileScreen title={title} back="/mobile/home" style={theme?.style} className={theme?.dark ? 'sp-screen--dark' : undefined}>
      {body}
    </MobileScreen>
  );
}
