import { CloseOutlined, CompassOutlined } from '@ant-design/icons';
import { Button, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { MapWork } from '@spatia/contract';

interface MapWorkCardProps {
  work: MapWork;
  onClose: () => void;
  /** The call to action; the work's page by default. */
  action?: React.ReactNode;
}

/** The work a map's point stands for: cover, title, author; it opens the work's page. */
export function MapWorkCard({ work, onClose, action }: MapWorkCardProps) {
  const { t } = useTranslation();
  return (
    <article className="map-card" data-testid="map-work-card" aria-label={work.name}>
      <Link to={`/details/${encodeURIComponent(work.uid)}`} className="map-card__main" data-testid="map-work-open">
        <span className="map-card__cover">{work.coverUrl ? <img src={work.coverUrl} alt="" /> : <CompassOutlined aria-hidden />}</span>
        <span className="map-card__text">
          <Tag className="map-card__type">{t(`works.type.${work.type}`)}</Tag>
          <strong className="map-card__title">{work.name}</strong>
          <span className="map-card__author">{t('map.by', { name: work.author.name || work.author.uid })}</span>
        </span>
      </Link>
      {action}
      <Button type="text" size="small" className="map-card__close" icon={<CloseOutlined />} aria-label={t('map.close')} onClick={onClose} />
    </article>
  );
}
