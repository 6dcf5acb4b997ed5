import { Space, Tag } from 'antd';
import type { MembershipVersionDetail } from '@spatia/contract';
import { useTranslation } from 'react-i18next';
import { tagsBeyondHeadline } from '../lib/price-tags';

/** A version's price tags that say more than its monthly price and trial (shown beside them already); nothing when none do. */
export function ExtraPriceTags({ version, className }: { version: MembershipVersionDetail; className: string }) {
  const { t } = useTranslation();
  const tags = tagsBeyondHeadline(version.priceTags, version);
  if (tags.length === 0) return null;
  return (
    <Space size={[4, 8]} wrap className={className}>
      {tags.map((tag) => (
        <Tag key={`${tag.label}-${tag.value}`} color="blue">
          {t('membership.priceTag', { label: tag.label, value: tag.value })}
        </Tag>
      ))}
    </Space>
  );
}
