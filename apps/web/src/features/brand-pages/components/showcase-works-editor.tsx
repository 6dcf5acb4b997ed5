import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, HolderOutlined, PlusOutlined } from '@ant-design/icons';
import type { BrandWorkCard } from '@spatia/contract';
import { Button, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { moveItem } from '../lib/reorder';
import { WorksPicker } from './works-picker';

/** The showcase's works in order: drag a row (or use the arrows) to reorder, remove one, add from the picker. */
export function ShowcaseWorksEditor({ value = [], onChange }: { value?: BrandWorkCard[]; onChange?: (works: BrandWorkCard[]) => void }) {
  const { t } = useTranslation();
  const [picking, setPicking] = useState(false);
  const [dragging, setDragging] = useState<number | null>(null);
  const change = (works: BrandWorkCard[]) => onChange?.(works);

  return (
    <div data-testid="showcase-works-editor">
      {value.length === 0 ? (
        <Typography.Paragraph type="secondary">{t('brandPages.editor.noWorks')}</Typography.Paragraph>
      ) : (
        <ol className="brand-works-editor">
          {value.map((work, index) => (
            <li
              key={work.uid}
              className={`brand-works-editor__item${dragging === index ? ' brand-works-editor__item--dragging' : ''}`}
              draggable
              onDragStart={() => setDragging(index)}
              onDragOver={(event) => event.preventDefault()}
              onDrop={() => {
                if (dragging !== null) change(moveItem(value, dragging, index));
                setDragging(null);
              }}
              onDragEnd={() => setDragging(null)}
              data-testid="showcase-work-row"
            >
              <HolderOutlined aria-hidden />
              {work.coverUrl ? (
                <img className="brand-works-editor__thumb" src={work.coverUrl} alt="" />
              ) : (
                <span className="brand-works-editor__thumb" />
              )}
              <span className="brand-works-editor__name">{work.name}</span>
              {!work.available && <Tag>{t('brandPages.editor.offline')}</Tag>}
              <Button
                size="small"
                type="text"
                icon={<ArrowUpOutlined />}
                disabled={index === 0}
                aria-label={t('brandPages.editor.moveUp')}
                onClick={() => change(moveItem(value, index, index - 1))}
              />
              <Button
                size="small"
                type="text"
                icon={<ArrowDownOutlined />}
                disabled={index === value.length - 1}
                aria-label={t('brandPages.editor.moveDown')}
                onClick={() => change(moveItem(value, index, index + 1))}
                data-testid="showcase-work-down"
              />
              <Button
                size="small"
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('brandPages.editor.remove')}
                onClick={() => change(value.filter((other) => other.uid !== work.uid))}
              />
            </li>
          ))}
        </ol>
      )}
      <Button icon={<PlusOutlined />} onClick={() => setPicking(true)} data-testid="showcase-add-works">
        {t('brandPages.editor.addWorks')}
      </Button>
      <WorksPicker open={picking} chosen={value} onAdd={(work) => change([...value, work])} onClose={() => setPicking(false)} />
    </div>
  );
}
