import { CameraOutlined, CloudUploadOutlined, CompassOutlined, PlusOutlined, ShareAltOutlined } from '@ant-design/icons';
import { Button, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useShowcase } from '../../../api/showcase';

const STEPS = [
  { key: 'capture', icon: <CameraOutlined /> },
  { key: 'upload', icon: <CloudUploadOutlined /> },
  { key: 'publish', icon: <ShareAltOutlined /> },
] as const;

/**
 * No works at all: an invitation to create the first one, a featured work to see what one looks like
 * (the demo tour on a new platform), and the three steps from capture to sharing.
 */
export function WorksEmpty({ onCreate }: { onCreate: () => void }) {
  const { t } = useTranslation();
  const featured = useShowcase(1).data?.list[0];
  return (
    <section className="works-empty" data-testid="works-empty">
      <div className="works-empty__hero">
        <div className="works-empty__art" aria-hidden>
          <span className="works-empty__orb" />
          <span className="works-empty__ring" />
          <PlusOutlined className="works-empty__plus" />
        </div>
        <Typography.Title level={2} className="works-empty__title">
          {t('works.empty.title')}
        </Typography.Title>
        <Typography.Paragraph type="secondary" className="works-empty__text">
          {t('works.empty.text')}
        </Typography.Paragraph>
        <Space wrap>
          <Button type="primary" size="large" icon={<PlusOutlined />} onClick={onCreate} data-testid="works-empty-create">
            {t('works.empty.create')}
          </Button>
          {featured && (
            <Link to={`/details/${encodeURIComponent(featured.uid)}`} data-testid="works-empty-featured">
              <Button size="large" icon={<CompassOutlined />}>
                {t('works.empty.featured')}
              </Button>
            </Link>
          )}
        </Space>
      </div>
      <ol className="works-empty__steps">
        {STEPS.map(({ key, icon }) => (
          <li key={key}>
            <span className="icon-tile" aria-hidden>
              {icon}
            </span>
            <div>
              <strong>{t(`works.empty.steps.${key}Title`)}</strong>
              <p>{t(`works.empty.steps.${key}Text`)}</p>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
