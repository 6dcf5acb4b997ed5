import { StarFilled } from '@ant-design/icons';
import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';

const SHOWN = 3;

/** The first few tags and a "+n" with the rest in a tooltip; the official-showcase mark first. */
export function WorkTags({ tags, official }: { tags: readonly string[]; official: boolean }) {
  const { t } = useTranslation();
  const rest = tags.slice(SHOWN);
  if (tags.length === 0 && !official) return <div className="work-tags work-tags--empty" />;
  return (
    <div className="work-tags">
      {official && (
        <Tag color="purple" variant="filled" icon={<StarFilled />}>
          {t('works.list.official')}
        </Tag>
      )}
      {tags.slice(0, SHOWN).map((tag) => (
        <Tag key={tag} variant="filled">
          {tag}
        </Tag>
      ))}
      {rest.length > 0 && (
        <Tooltip title={rest.join('、')}>
          <Tag variant="filled">{t('works.list.moreTags', { count: rest.length })}</Tag>
        </Tooltip>
      )}
    </div>
  );
}
