import type { SpaceCard, SpacePerson } from '@spatia/contract';
import { Button, Tag } from 'antd-mobile';
import { AddOutline, EditSOutline, PictureOutline, SendOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { MobileState } from '../../../components/mobile-state';
import { usePersonName } from '../../../lib/person-name';
import { ShareSheet } from './share-sheet';
import { absoluteUrl, personHousesPath, spaceDetailPath, spaceFormPath } from '../lib/space-paths';
import './spaces.css';

interface PersonSpacesProps {
  person: SpacePerson;
  /** The reader is this person: "new space", edit, and the private ones marked. */
  mine: boolean;
}

function SpaceCardItem({ space, mine, onShare }: { space: SpaceCard; mine: boolean; onShare: () => void }) {
  const { t } = useTranslation();
  return (
    <article className="sp-card" data-testid="space-card" data-uid={space.uid}>
      <Link className="sp-card__open" to={spaceDetailPath(space.uid)}>
        {space.coverUrl ? (
          <img className="sp-card__cover" src={space.coverUrl} alt="" loading="lazy" decoding="async" />
        ) : (
          <span className="sp-card__cover sp-card__cover--none" aria-hidden="true">
            {space.kind === 'enterprise' && space.logoUrl ? <img src={space.logoUrl} alt="" /> : <PictureOutline />}
          </span>
        )}
        <span className="sp-card__text">
          <span className="sp-card__name">{space.name}</span>
          {space.intro && <span className="sp-card__intro">{space.intro}</span>}
          <span className="sp-card__meta">
            <Tag color="primary" fill="outline">
              {space.kind === 'enterprise' ? t('spacePages.kind.enterprise') : t('spacePages.kind.personal')}
            </Tag>
            {space.visibility === 'private' && (
              <Tag color="warning" fill="outline" data-testid="space-card-private">
                {t('spacePages.private')}
              </Tag>
            )}
            <span>{t('spacePages.person.works', { count: space.workCount })}</span>
          </span>
        </span>
      </Link>
      <div className="sp-card__actions">
        <button type="button" className="sp-card__action" onClick={onShare} data-testid="space-card-share">
          <SendOutline aria-hidden="true" /> {t('spacePages.view.share')}
        </button>
        {mine && (
          <Link className="sp-card__action" to={spaceFormPath(space.uid)} data-testid="space-card-edit">
            <EditSOutline aria-hidden="true" /> {t('spacePages.view.edit')}
          </Link>
        )}
      </div>
    </article>
  );
}

/** `/mobile_space`: a person and their spaces as cards; each has share (link and QR), the owner's also edit. */
export function PersonSpaces({ person, mine }: PersonSpacesProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const personName = usePersonName();
  const [sharing, setSharing] = useState<SpaceCard | null>(null);
  return (
    <div className="sp-person">
      <header className="sp-person__head">
        {person.owner.avatarUrl ? (
          <img className="sp-person__avatar" src={person.owner.avatarUrl} alt="" />
        ) : (
          <span className="sp-person__avatar sp-person__avatar--none" aria-hidden="true">
            {personName(person.owner.name).slice(0, 1)}
          </span>
        )}
        <div className="sp-person__text">
          <h2 className="sp-person__name" data-testid="space-person-name">
            {personName(person.owner.name)}
          </h2>
          {person.owner.intro && <p className="sp-person__intro">{person.owner.intro}</p>}
          <Link className="sp-person__houses" to={personHousesPath(person.owner.uid)} data-testid="space-person-houses">
            {t('spacePages.person.houses')}
          </Link>
        </div>
      </header>
      {mine && (
        <div className="sp-person__new">
          <Button block color="primary" size="large" onClick={() => void navigate(spaceFormPath())} data-testid="space-new">
            <AddOutline aria-hidden="true" /> {t('spacePages.person.new')}
          </Button>
        </div>
      )}
      {person.spaces.length === 0 ? (
        <MobileState
          kind="empty"
          className="sp-empty"
          title={mine ? t('spacePages.person.emptyMine') : t('spacePages.person.empty')}
          testId="space-person-empty"
        />
      ) : (
        <div className="sp-cards" data-testid="space-cards">
          {person.spaces.map((space) => (
            <SpaceCardItem key={space.uid} space={space} mine={mine} onShare={() => setSharing(space)} />
          ))}
        </div>
      )}
      <ShareSheet
        open={sharing !== null}
        onClose={() => setSharing(null)}
        title={sharing?.name ?? ''}
        url={sharing ? absoluteUrl(spaceDetailPath(sharing.uid)) : ''}
        needsCode={sharing?.visibility === 'private'}
      />
    </div>
  );
}
