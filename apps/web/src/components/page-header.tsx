import { Typography } from 'antd';
import './page-header.css';

/** The title and one-line explanation every console page opens with. */
export function PageHeader({ title, subtitle }: { title: string; subtitle: string }) {
  return (
    <header className="page-header">
      <Typography.Title level={1} className="page-header__title">
        {title}
      </Typography.Title>
      <Typography.Paragraph type="secondary" className="page-header__subtitle">
        {subtitle}
      </Typography.Paragraph>
    </header>
  );
}
