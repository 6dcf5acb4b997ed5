import { Button, Skeleton, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { MobileState } from '../components/mobile-state';
import { MobileScreen, useSignInFirst } from '../features/mobile-shell';
import {
  chooseAddressPath,
  chosenAddressOf,
  draftKeyOf,
  EMPTY_SPACE_FORM,
  formValuesOf,
  personSpacesPath,
  saveDraft,
  SpaceForm,
  spaceDetailPath,
  spaceInputOf,
  spaceTemplatePath,
  takeDraft,
  useDeleteSpace,
  useSaveSpace,
  useSpace,
  withoutChosenAddress,
  type SpaceFormValues,
} from '../features/spaces';
import { useSession } from '../stores/session-store';
import { SpaceUnavailable } from './space-unavailable';

/**
 * What the form starts from, once per visit: what was typed before going to the map (kept in this tab), else the
 * space being edited, else empty; then the address the map came back with, if it did.
 */
function useStartingValues(
  key: string,
  params: URLSearchParams,
): { kept: SpaceFormValues | undefined; chosen: ReturnType<typeof chosenAddressOf> } {
  const [start] = useState(() => ({ kept: takeDraft(key), chosen: chosenAddressOf(params) }));
  return start;
}

function withChosen(values: SpaceFormValues, chosen: ReturnType<typeof chosenAddressOf>): SpaceFormValues {
  if (!chosen) return values;
  return { ...values, latitude: chosen.latitude, longitude: chosen.longitude, address: chosen.address || values.address };
}

/**
 * `/space/new` (spec 2.5): without `uid` a new space, with `uid` one of mine to edit. Create leads to the template,
 * then to the space; the map's address picker comes back here with the address and the form as it was.
 */
export default function SpaceNewPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const signInFirst = useSignInFirst();
  const signedIn = useSession((session) => Boolean(session.token));
  const myUid = useSession((session) => session.uid);
  const uid = params.get('uid')?.trim() || undefined;
  const key = draftKeyOf(uid);
  const { kept, chosen } = useStartingValues(key, params);
  const space = useSpace({ uid }, signedIn && Boolean(uid));
  const save = useSaveSpace();
  const remove = useDeleteSpace();

  const returnPath = () => {
    const rest = withoutChosenAddress(params).toString();
    return `${pathname}${rest ? `?${rest}` : ''}`;
  };

  const title = uid ? t('spacePages.title.edit') : t('spacePages.title.new');
  let body: React.ReactNode;
  if (!signedIn)
    body = (
      <MobileState kind="empty" className="sp-page-state" title={t('spacePages.state.signIn')}>
        <Button color="primary" size="large" onClick={signInFirst} data-testid="space-sign-in">
          {t('spacePages.state.signInButton')}
        </Button>
      </MobileState>
    );
  else if (uid && space.isPending) body = <Skeleton.Paragraph lineCount={10} animated className="sp-page-state" />;
  else if (uid && (space.isError || !space.data?.mine)) body = <SpaceUnavailable error={space.isError ? space.error : null} />;
  else {
    const base = kept ?? (space.data ? formValuesOf(space.data) : EMPTY_SPACE_FORM);
    body = (
      <SpaceForm
        initial={withChosen(base, chosen)}
        editing={space.data ? { hasCode: space.data.visibility === 'private' } : undefined}
        submitting={save.isPending}
        onChooseAddress={(values) => {
          saveDraft(key, values);
          void navigate(chooseAddressPath(returnPath()));
        }}
        onSubmit={(values) =>
          save.mutate(
            { uid, input: spaceInputOf(values) },
            {
              onSuccess: (saved) => {
                Toast.show({ icon: 'success', content: uid ? t('spacePages.form.saved') : t('spacePages.form.created') });
                void navigate(uid ? spaceDetailPath(saved.uid) : spaceTemplatePath(saved.uid), { replace: true });
              },
            },
          )
        }
        onDelete={
          uid
            ? () =>
                remove.mutate(uid, {
                  onSuccess: () => {
                    Toast.show({ icon: 'success', content: t('spacePages.form.deleted') });
                    void navigate(personSpacesPath(myUid), { replace: true });
                  },
                })
            : undefined
        }
      />
    );
  }

  return (
    <MobileScreen title={title} back={myUid ? personSpacesPath(myUid) : '/mobile/home'}>
      {body}
    </MobileScreen>
  );
}
