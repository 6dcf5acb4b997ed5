import type { SpaceView as Space } from '@spatia/contract';
import { Button } from 'antd-mobile';
import { EditSOutline, EnvironmentOutline, PhoneFill, SendOutline, ShopbagOutline, SetOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { MobileState } from '../../../components/mobile-state';
import { usePersonName } from '../../../lib/person-name';
import { spaceThemeOf } from '../lib/space-theme';
import {
  absoluteUrl,
  personSpacesPath,
  spaceDetailPath,
  spaceFormPath,
  spaceShopPath,
  spaceTemplatePath,
  spaceUploadPath,
  spaceWebsitePath,
} from '../lib/space-paths';
import { ShareSheet } from './share-sheet';
import { SpaceWorks } from './space-works';
import './spaces.css';

interface SpaceViewProps {
  space: Space;
  /** The template to draw with, when it is not the space's own (the template page's preview). */
  templateCode?: string;
  /** A preview: smaller, a few works, nothing opens. */
  preview?: boolean;
}

/** The top of a space: its cover, an enterprise's logo, its name, words and owner. */
function SpaceHero({ space, preview }: { space: Space; preview: boolean }) {
  const { t } = useTranslation();
  const personName = usePersonName();
  const owner = (
    <>
      {space.owner.avatarUrl ? <img className="sp-hero__avatar" src={space.owner.avatarUrl} alt="" /> : null}
      <span>{personName(space.owner.name)}</span>
    </>
  );
  return (
    <header className={`sp-hero${space.coverUrl ? ' sp-hero--cover' : ''}`}>
      {space.coverUrl && <img className="sp-hero__cover" src={space.coverUrl} alt="" />}
      <div className="sp-hero__text">
        {space.kind === 'enterprise' && space.logoUrl && (
          <img
            className="sp-hero__logo"
            src={space.logoUrl}
            alt={t('spacePages.view.logo', { name: space.name })}
            data-testid="space-logo"
          />
        )}
        <h2 className="sp-hero__name" data-testid="space-name">
          {space.name}
        </h2>
        {space.intro && <p className="sp-hero__intro">{space.intro}</p>}
        {preview ? (
          <span className="sp-hero__owner">{owner}</span>
        ) : (
          <Link className="sp-hero__owner" to={personSpacesPath(space.owner.uid)}>
            {owner}
          </Link>
        )}
      </div>
    </header>
  );
}

/**
 * One space drawn by its template (docs/spaces-pages.md): the colours come from the screen's CSS variables (set
 * by the page from `spaceThemeOf`), the works from the template's layout; contact (tap to call), address, the
 * shop and share; its owner also gets edit and template.
 */
export function SpaceView({ space, templateCode, preview = false }: SpaceViewProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [sharing, setSharing] = useState(false);
  const theme = spaceThemeOf(templateCode ?? space.templateCode, space.brandColor);
  const works = preview ? space.works.slice(0, theme.layout === 'list' ? 3 : 5) : space.works;
  const shareUrl = absoluteUrl(space.website ? spaceWebsitePath(space.website) : spaceDetailPath(space.uid));

  return (
    <div
      className={`sp-view sp-view--${theme.layout}${theme.dark ? ' sp-view--dark' : ''}`}
      data-testid="space-view"
      data-template={theme.template.code}
    >
      <SpaceHero space={space} preview={preview} />
      {!preview && (
        <nav className="sp-actions" aria-label={t('spacePages.view.actions')}>
          {space.contactPhone && (
            <a className="sp-action" href={`tel:${space.contactPhone.replace(/[^0-9+]/g, '')}`} data-testid="space-call">
              <PhoneFill aria-hidden="true" />
              <span>{t('spacePages.view.call')}</span>
            </a>
          )}
          <Link className="sp-action" to={spaceShopPath(space.id)} data-testid="space-shop">
            <ShopbagOutline aria-hidden="true" />
            <span>{t('spacePages.view.shop')}</span>
          </Link>
          <button type="button" className="sp-action" onClick={() => setSharing(true)} data-testid="space-share-open">
            <SendOutline aria-hidden="true" />
            <span>{t('spacePages.view.share')}</span>
          </button>
        </nav>
      )}
      {!preview && space.mine && (
        <div className="sp-owner-bar">
          <Link to={spaceFormPath(space.uid)} className="sp-owner-bar__link" data-testid="space-edit">
            <EditSOutline aria-hidden="true" /> {t('spacePages.view.edit')}
          </Link>
          <Link to={spaceTemplatePath(space.uid)} className="sp-owner-bar__link" data-testid="space-template">
            <SetOutline aria-hidden="true" /> {t('spacePages.view.template')}
          </Link>
          {space.visibility === 'private' && <span className="sp-badge">{t('spacePages.private')}</span>}
        </div>
      )}
      {(space.contactPhone || space.address) && !preview && (
        <section className="sp-contact" aria-label={t('spacePages.view.contact')}>
          {space.address && (
            <p className="sp-contact__line" data-testid="space-address">
              <EnvironmentOutline aria-hidden="true" />
              <span>{space.address}</span>
            </p>
          )}
          {space.contactPhone && (
            <p className="sp-contact__line">
              <PhoneFill aria-hidden="true" />
              <a href={`tel:${space.contactPhone.replace(/[^0-9+]/g, '')}`}>{space.contactPhone}</a>
            </p>
          )}
        </section>
      )}
      <section className="sp-works-section" aria-label={t('spacePages.view.works')}>
        {!preview && <h3 className="sp-section-title">{t('spacePages.view.worksCount', { count: space.works.length })}</h3>}
        {works.length > 0 ? (
          <SpaceWorks works={works} layout={theme.layout} preview={preview} />
        ) : (
          <MobileState kind="empty" className="sp-empty" title={space.mine ? t('spacePages.view.emptyMine') : t('spacePages.view.empty')}>
            {space.mine && !preview && (
              <Button color="primary" onClick={() => void navigate(spaceUploadPath(space.uid))} data-testid="space-upload">
                {t('spacePages.view.upload')}
              </Button>
            )}
          </MobileState>
        )}
      </section>
      {!preview && (
        <ShareSheet
          open={sharing}
          onClose={() => setSharing(false)}
          title={space.name}
          url={shareUrl}
          needsCode={space.mine && space.visibility === 'private'}
        />
      )}
    </div>
  );
}
