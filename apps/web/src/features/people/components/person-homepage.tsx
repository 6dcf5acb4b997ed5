import { Button, Result, Skeleton, Tabs } from 'antd';
import type { PersonHomepage } from '@spatia/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../api/client';
import { LoadFailed } from '../../../components/load-failed';
import { PERSON_PATH, type PersonTab } from '../../../lib/person-paths';
import { useSession } from '../../../stores/session-store';
import { usePersonHomepage } from '../api/people';
import type { PeopleLinks } from '../lib/people-links';
import { PeopleList } from './people-lists';
import { PersonHero } from './person-hero';
import { PersonWorks } from './person-works';
import './people.css';

/** A person's page frame: loading, not found, failed, or the hero and what `children` draws below it. */
function PersonFrame({ uid, links, children }: { uid: string; links: PeopleLinks; children: (person: PersonHomepage) => ReactNode }) {
  const { t } = useTranslation();
  const homepage = usePersonHomepage(uid);

  if (homepage.isError) {
    const missing = homepage.error instanceof ApiError && homepage.error.status === 404;
    return (
      <div className="person-page">
        <div className="person-body">
          {missing ? (
            <Result status="404" title={t('people.missingTitle')} subTitle={t('people.missingText')} data-testid="person-missing" />
          ) : (
            <LoadFailed title={t('people.loadFailed')} query={homepage} testId="person-failed" />
          )}
        </div>
      </div>
    );
  }
  if (!homepage.data) {
    return (
      <div className="person-page" aria-busy="true">
        <div className="person-hero">
          <div className="person-hero__inner">
            <Skeleton avatar={{ size: 88 }} active paragraph={{ rows: 2 }} />
          </div>
        </div>
      </div>
    );
  }
  return (
    <div className="person-page" data-testid="person-page">
      <PersonHero person={homepage.data} links={links} />
      <div className="person-body">{children(homepage.data)}</div>
    </div>
  );
}

interface PersonHomepageViewProps {
  /** Whose homepage; '' for the signed-in person's own. */
  uid: string;
  tab: PersonTab;
  onTabChange: (tab: PersonTab) => void;
  links: PeopleLinks;
}

/**
 * `/person`: a homepage. One's own has the works and the three lists (follows, fans, mutual follows) as
 * tabs; anyone else's, their works. Signed out without a uid, it asks to sign in and come back.
 */
export function PersonHomepageView({ uid, tab, onTabChange, links }: PersonHomepageViewProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const token = useSession((session) => session.token);
  if (!uid && !token) {
    return (
      <div className="person-page">
        <div className="person-body">
          <Result
            status="info"
            title={t('people.signInTitle')}
            subTitle={t('people.signInText')}
            extra={
              <Button type="primary" onClick={() => void navigate(links.loginPathFor(PERSON_PATH))} data-testid="person-sign-in">
                {t('people.signIn')}
              </Button>
            }
            data-testid="person-signed-out"
          />
        </div>
      </div>
    );
  }
  return (
    <PersonFrame uid={uid} links={links}>
      {(person) =>
        person.isSelf ? (
          <Tabs
            activeKey={tab}
            onChange={(key) => onTabChange(key as PersonTab)}
            destroyOnHidden
            items={[
              { key: 'works', label: t('people.tabs.works'), children: <PersonWorks person={person} links={links} /> },
              { key: 'follows', label: t('people.tabs.follows'), children: <PeopleList kind="follows" /> },
              { key: 'fans', label: t('people.tabs.fans'), children: <PeopleList kind="fans" /> },
              { key: 'mutual', label: t('people.tabs.mutual'), children: <PeopleList kind="mutual" /> },
            ]}
            data-testid="person-tabs"
          />
        ) : (
          <PersonWorks person={person} links={links} />
        )
      }
    </PersonFrame>
  );
}

/** `/userWork/{uid}`: a person's public works under their hero. */
export function PersonWorksView({ uid, links }: { uid: string; links: PeopleLinks }) {
  const { t } = useTranslation();
  return (
    <PersonFrame uid={uid} links={links}>
      {(person) => (
        <>
          <h2 className="person-works__title">{t('people.worksTitle')}</h2>
          <PersonWorks person={person} links={links} />
        </>
      )}
    </PersonFrame>
  );
}
