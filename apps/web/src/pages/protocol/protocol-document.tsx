import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { BrandBar } from '../../components/brand-bar';
import './protocol-document.css';

interface Section {
  heading: string;
  body: string;
}

/** A protocol text (user, privacy, recharge) from the `protocol` translations. */
export function ProtocolDocument({ area }: { area: 'user' | 'privacy' | 'recharge' }) {
  const { t } = useTranslation();
  const sections = t(`protocol.${area}.sections`, { returnObjects: true }) as unknown as Section[];
  return (
    <div className="protocol">
      <BrandBar className="protocol__bar" />
      <article className="protocol__doc">
        <Typography.Title level={1}>{t(`protocol.${area}.title`)}</Typography.Title>
        <Typography.Paragraph type="secondary">{t('protocol.lastUpdated')}</Typography.Paragraph>
        <Typography.Paragraph className="protocol__intro">{t(`protocol.${area}.intro`)}</Typography.Paragraph>
        {sections.map((section) => (
          <section key={section.heading}>
            <Typography.Title level={2}>{section.heading}</Typography.Title>
            <Typography.Paragraph>{section.body}</Typography.Paragraph>
          </section>
        ))}
        <Typography.Paragraph type="secondary" className="protocol__contact">
          {t('protocol.contactNote')}
        </Typography.Paragraph>
      </article>
    </div>
  );
}
