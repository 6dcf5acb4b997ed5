import type { SpaceLayout, SpaceWorkCard } from '@spatia/contract';
import { EyeOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatCount } from '../../../lib/format';
import { useLanguage } from '../../../i18n';
import { workPagePath } from '../lib/space-paths';

interface SpaceWorksProps {
  works: readonly SpaceWorkCard[];
  layout: SpaceLayout;
  /** A preview draws small and opens nothing. */
  preview?: boolean;
}

/** The type's word: panorama, 3D model, point cloud. */
export function useWorkTypeName(): (type: string) => string {
  const { t } = useTranslation();
  return (type) =>
    type === 'model3d'
      ? t('spacePages.workType.model3d')
      : type === 'pointcloud'
        ? t('spacePages.workType.pointcloud')
        : t('spacePages.workType.panorama');
}

function WorkCover({ work }: { work: SpaceWorkCard }) {
  return work.coverUrl ? (
    <img className="sp-work__cover" src={work.coverUrl} alt="" loading="lazy" decoding="async" />
  ) : (
    <span className="sp-work__cover sp-work__cover--none" aria-hidden="true" />
  );
}

/**
 * A space's works as its template lays them out (docs/spaces-pages.md): `grid` two columns of covers, `list` a
 * column of rows (cover at the left, details at the right), `magazine` the first work across the screen and the
 * rest two by two. Each card opens the work's public page with its viewer.
 */
export function SpaceWorks({ works, layout, preview = false }: SpaceWorksProps) {
  const language = useLanguage();
  const typeName = useWorkTypeName();
  return (
    <ul className={`sp-works sp-works--${layout}${preview ? ' sp-works--preview' : ''}`} data-testid="space-works" data-layout={layout}>
      {works.map((work, index) => {
        const body = (
          <>
            <WorkCover work={work} />
            <span className="sp-work__text">
              <span className="sp-work__type">{typeName(work.type)}</span>
              <span className="sp-work__name">{work.name}</span>
              {!preview && (layout === 'list' || (layout === 'magazine' && index === 0)) && work.address && (
                <span className="sp-work__address">{work.address}</span>
              )}
              {!preview && (
                <span className="sp-work__views">
                  <EyeOutline aria-hidden="true" /> {formatCount(work.views, language)}
                </span>
              )}
            </span>
          </>
        );
        return (
          <li key={work.uid} className={`sp-work${layout === 'magazine' && index === 0 ? ' sp-work--lead' : ''}`}>
            {preview ? (
              <span className="sp-work__link">{body}</span>
            ) : (
              <Link className="sp-work__link" to={workPagePath(work.uid)} data-testid="space-work" data-uid={work.uid}>
                {body}
              </Link>
            )}
          </li>
        );
      })}
    </ul>
  );
}
