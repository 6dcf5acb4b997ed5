import type { Showcase } from '@spatia/contract';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDeleteShowcase, usePublishShowcase, useShowcases } from '../api/brand-pages-api';
import { showcasePath, textColourOn } from '../lib/brand-paths';
import { BrandItemCard, BrandItemList, type BrandItemActions } from './brand-item-list';
import { ShowcaseView } from './brand-view';
import { ShowcaseEditor } from './showcase-editor';

/** `/tujingxiu/tujingxiu` (permission 42): the owner's showcases, each with its share link, QR code and preview. */
export function ShowcaseConsole() {
  const { t } = useTranslation();
  return (
    <div data-testid="showcase-console">
      <BrandItemList
        kind="showcase"
        items={useShowcases()}
        pathOf={showcasePath}
        previewWidth={1000}
        renderCard={(showcase, actions) => <ShowcaseCard showcase={showcase} actions={actions} />}
        renderEditor={(showcase, onClose) => <ShowcaseEditor open showcase={showcase} onClose={onClose} />}
        renderPreview={(showcase) => (
          <div data-testid="showcase-preview">
            {!showcase.published && (
              <Alert className="brand-preview-banner" type="info" showIcon title={t('brandPages.public.previewBanner')} />
            )}
            <ShowcaseView showcase={showcase} visitCount={showcase.visitCount} />
          </div>
        )}
      />
    </div>
  );
}

function ShowcaseCard({ showcase, actions }: { showcase: Showcase; actions: BrandItemActions }) {
  const { t } = useTranslation();
  const offline = showcase.works.filter((work) => !work.available).length;
  return (
    <BrandItemCard
      kind="showcase"
      item={showcase}
      title={showcase.brandName}
      badge={
        <span className="brand-card__swatch" style={{ background: showcase.brandColour, color: textColourOn(showcase.brandColour) }}>
          {showcase.logoUrl ? <img src={showcase.logoUrl} alt="" /> : showcase.brandName.slice(0, 1)}
        </span>
      }
      meta={
        <>
          <span>{t('brandPages.showcase.works', { count: showcase.works.length })}</span>
          <span data-testid="showcase-card-visits">{t('brandPages.showcase.visits', { count: showcase.visitCount })}</span>
          {offline > 0 && <span>{t('brandPages.showcase.unavailableWorks', { count: offline })}</span>}
        </>
      }
      actions={actions}
      publish={usePublishShowcase()}
      remove={useDeleteShowcase()}
      deleteConfirm={t('brandPages.showcase.deleteConfirm', { name: showcase.brandName })}
      deleted={t('brandPages.showcase.deleted')}
    />
  );
}
