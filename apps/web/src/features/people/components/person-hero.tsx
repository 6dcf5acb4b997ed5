import { CheckOutlined, PlusOutlined, ShareAltOutlined, SwapOutlined } from '@ant-design/icons';
import { App, Button } from 'antd';
import type { PersonHomepage } from '@spatia/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { IdentityBadges } from '../../../components/identity-badges';
import { UserAvatar } from '../../../components/user-avatar';
import { formatNumber } from '../../../lib/format';
import { usePersonName } from '../../../lib/person-name';
import { personPath } from '../../../lib/person-paths';
import { httpsOnly } from '../../../stores/session-store';
import { useFollow, useUnfollow } from '../api/people';
import { followButtonState } from '../lib/follow-state';
import type { PeopleLinks } from '../lib/people-links';
import { ShareDialog } from './share-dialog';

/** The top of a homepage and of the public works page: who the person is, their figures, follow and share. */
export function PersonHero({ person, links }: { person: PersonHomepage; links: PeopleLinks }) {
  const { t } = useTranslation();
  const personName = usePersonName();
  const name = personName(person.name);
  const logo = httpsOnly(person.enterpriseLogoUrl);
  const [sharing, setSharing] = useState(false);

  // The lists behind the figures are the signed-in person's own (spec 7.3 has no list of someone else's).
  const figure = (key: 'fans' | 'follows', value: number) => {
    const content = (
      <>
        <strong data-testid={`person-${key}-count`}>{formatNumber(value)}</strong>
        {t(`people.counts.${key}`, { count: value })}
      </>
    );
    return person.isSelf ? (
      <Link to={personPath(undefined, key)} className="person-hero__count" data-testid={`person-${key}-link`}>
        {content}
      </Link>
    ) : (
      <span className="person-hero__count">{content}</span>
    );
  };

  return (
    <section className="person-hero" data-testid="person-hero">
      <div className="person-hero__inner">
        <span className="person-hero__avatar">
          <UserAvatar src={person.avatarUrl} name={name} size={88} />
        </span>
        <div className="person-hero__main">
          <div className="person-hero__name-line">
            <h1 className="person-hero__name" data-testid="person-name">
              {name}
            </h1>
            {logo && <img src={logo} alt={t('people.enterpriseLogo')} className="person-hero__logo" data-testid="person-logo" />}
            <IdentityBadges identities={person.identities} />
          </div>
          <div className="person-hero__counts">
            <span className="person-hero__count">
              <strong data-testid="person-works-count">{formatNumber(person.worksTotal)}</strong>
              {t('people.counts.works', { count: person.worksTotal })}
            </span>
            {figure('fans', person.fans)}
            {figure('follows', person.follows)}
          </div>
        </div>
        <div className="person-hero__actions">
          <FollowButton person={person} name={name} links={links} />
          <Button icon={<ShareAltOutlined />} onClick={() => setSharing(true)} data-testid="person-share">
            {t('people.share.button')}
          </Button>
        </div>
      </div>
      <ShareDialog open={sharing} uid={person.uid} onClose={() => setSharing(false)} />
    </section>
  );
}

function FollowButton({ person, name, links }: { person: PersonHomepage; name: string; links: PeopleLinks }) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const location = useLocation();
  const follow = useFollow();
  const unfollow = useUnfollow();
  const state = followButtonState(person);
  if (state === 'self') return null;

  const doFollow = async () => {
    try {
      await follow.mutateAsync(person.uid);
    } catch {
      return; // The client showed the server's message.
    }
    void message.success(t('people.follow.followed', { name }));
  };

  const askSignIn = () => {
    modal.confirm({
      title: t('people.follow.follow'),
      content: t('people.follow.signInPrompt'),
      okText: t('people.signIn'),
      cancelText: t('common.actions.cancel'),
      onOk: () => void navigate(links.loginPathFor(`${location.pathname}${location.search}`)),
    });
  };

  const askUnfollow = () => {
    modal.confirm({
      title: t('people.lists.unfollowTitle', { name }),
      content: t('people.lists.unfollowText'),
      okText: t('people.follow.unfollow'),
      okButtonProps: { danger: true, ...{ 'data-testid': 'person-unfollow-confirm' } },
      cancelText: t('common.actions.cancel'),
      onOk: async () => {
        try {
          await unfollow.mutateAsync(person.uid);
        } catch {
          return;
        }
        void message.success(t('people.follow.unfollowed', { name }));
      },
    });
  };

  if (state === 'following' || state === 'mutual') {
    return (
      <Button
        icon={state === 'mutual' ? <SwapOutlined /> : <CheckOutlined />}
        onClick={askUnfollow}
        loading={unfollow.isPending}
        title={t('people.follow.unfollow')}
        data-testid="person-follow"
        data-state={state}
      >
        {t(state === 'mutual' ? 'people.follow.mutual' : 'people.follow.following')}
      </Button>
    );
  }
  return (
    <Button
      type="primary"
      icon={<PlusOutlined />}
      onClick={state === 'signedOut' ? askSignIn : () => void doFollow()}
      loading={follow.isPending}
      data-testid="person-follow"
      data-state={state}
    >
      {t(state === 'followBack' ? 'people.follow.followBack' : 'people.follow.follow')}
    </Button>
  );
}
