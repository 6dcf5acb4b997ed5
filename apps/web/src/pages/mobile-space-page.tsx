import { Button, Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { MobileState } from '../components/mobile-state';
import { MobileScreen, useSignInFirst } from '../features/mobile-shell';
import { PersonSpaces, personSpacesPath, useSpacePerson } from '../features/spaces';
import { useSession } from '../stores/session-store';

/**
 * `/mobile_space?uid=<user uid>` (spec 2.5): a person's spaces as cards, each to open and share; the owner also
 * makes new ones and sees the private ones. Without a uid it is the signed-in person's own (the tab bar's "me").
 */
export default function MobileSpacePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const signInFirst = useSignInFirst();
  const myUid = useSession((session) => (session.token ? session.uid : ''));
  const uid = params.get('uid')?.trim() ?? '';
  const person = useSpacePerson(uid);
  const mine = Boolean(uid) && uid === myUid;

  if (!uid && myUid) return <Navigate to={personSpacesPath(myUid)} replace />;

  let body: React.ReactNode;
  if (!uid)
    body = (
      <MobileState kind="empty" className="sp-page-state" title={t('spacePages.state.signIn')}>
        <Button color="primary" size="large" onClick={signInFirst} data-testid="space-sign-in">
          {t('spacePages.state.signInButton')}
        </Button>
      </MobileState>
    );
  else if (person.isPending) body = <Skeleton.Paragraph lineCount={8} animated className="sp-page-state" />;
  else if (person.isError)
    body = (
      <MobileState
        kind="failed"
        className="sp-page-state"
        title={(person.error instanceof Error && person.error.message) || t('spacePages.state.failed')}
      >
        <Button color="primary" onClick={() => void person.refetch()}>
          {t('spacePages.state.retry')}
        </Button>
      </MobileState>
    );
  else body = <PersonSpaces person={person.data} mine={mine} />;

  return (
    <MobileScreen title={mine ? t('spacePages.title.mine') : t('spacePages.title.person')} back="/mobile/home" tabs>
      {body}
    </MobileScreen>
  );
}
