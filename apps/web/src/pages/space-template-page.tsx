import { isSpaceTemplateCode, type SpaceTemplateCode } from '@spatia/contract';
import { Button, Skeleton, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { MobileState } from '../components/mobile-state';
import { MobileScreen, useSignInFirst } from '../features/mobile-shell';
import { spaceDetailPath, TemplatePicker, TemplatePreview, useSaveTemplate, useSpace } from '../features/spaces';
import { useSession } from '../stores/session-store';
import { SpaceUnavailable } from './space-unavailable';

/** `/space/template?id=<space uid>` (spec 2.5): pick the space's look with a live preview of the space itself, then see it. */
export default function SpaceTemplatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const signInFirst = useSignInFirst();
  const signedIn = useSession((session) => Boolean(session.token));
  const uid = params.get('id')?.trim() ?? '';
  const space = useSpace({ uid }, signedIn && Boolean(uid));
  const save = useSaveTemplate();
  const [picked, setPicked] = useState<SpaceTemplateCode | undefined>();

  let body: React.ReactNode;
  if (!signedIn)
    body = (
      <MobileState kind="empty" className="sp-page-state" title={t('spacePages.state.signIn')}>
        <Button color="primary" size="large" onClick={signInFirst} data-testid="space-sign-in">
          {t('spacePages.state.signInButton')}
        </Button>
      </MobileState>
    );
  else if (!uid) body = <MobileState kind="empty" className="sp-page-state" title={t('spacePages.state.noSpace')} />;
  else if (space.isPending) body = <Skeleton.Paragraph lineCount={10} animated className="sp-page-state" />;
  else if (space.isError || !space.data.mine) body = <SpaceUnavailable error={space.isError ? space.error : null} />;
  else {
    const current = picked ?? (isSpaceTemplateCode(space.data.templateCode) ? space.data.templateCode : 'classic');
    body = (
      <div className="sp-template-page">
        <TemplatePreview space={space.data} templateCode={current} />
        <TemplatePicker space={space.data} value={current} onChange={setPicked} />
        <div className="sp-sticky-footer">
          <Button
            block
            color="primary"
            size="large"
            loading={save.isPending}
            data-testid="space-template-save"
            onClick={() =>
              save.mutate(
                { uid, templateCode: current },
                {
                  onSuccess: (saved) => {
                    Toast.show({ icon: 'success', content: t('spacePages.template.saved') });
                    void navigate(spaceDetailPath(saved.uid), { replace: true });
                  },
                },
              )
            }
          >
            {t('spacePages.template.save')}
          </Button>
        </div>
      </div>
    );
  }

  return (
    <MobileScreen title={t('spacePages.title.template')} back={uid ? spaceDetailPath(uid) : '/mobile/home'}>
      {body}
    </MobileScreen>
  );
}
