import { CheckOutlined, PlusOutlined } from '@ant-design/icons';
import type { BrandWorkCard } from '@spatia/contract';
import { Button, Empty, Input, Modal, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../stores/session-store';
import { usePickableWorks } from '../api/brand-pages-api';

/** The owner's online works to add to a showcase; those already chosen show as added. */
export function WorksPicker({
  open,
  chosen,
  onAdd,
  onClose,
}: {
  open: boolean;
  chosen: readonly BrandWorkCard[];
  onAdd: (work: BrandWorkCard) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const uid = useSession((session) => session.uid);
  const [keyword, setKeyword] = useState('');
  const works = usePickableWorks(open ? uid : '', keyword);
  const chosenUids = new Set(chosen.map((work) => work.uid));
  return (
    <Modal
      open={open}
      title={t('brandPages.picker.title')}
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose} data-testid="works-picker-done">
          {t('brandPages.picker.done')}
        </Button>
      }
      destroyOnHidden
    >
      <Input.Search allowClear placeholder={t('brandPages.picker.search')} onSearch={setKeyword} style={{ marginBottom: 12 }} />
      {works.isPending ? (
        <Spin />
      ) : (works.data ?? []).length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('brandPages.picker.empty')} />
      ) : (
        <ul className="brand-works-editor" data-testid="works-picker">
          {(works.data ?? []).map((work) => {
            const added = chosenUids.has(work.uid);
            return (
              <li key={work.uid} className="brand-picker__item">
                {work.coverUrl ? (
                  <img className="brand-works-editor__thumb" src={work.coverUrl} alt="" />
                ) : (
                  <span className="brand-works-editor__thumb" />
                )}
                <span className="brand-works-editor__name">{work.name}</span>
                <Button
                  size="small"
                  icon={added ? <CheckOutlined /> : <PlusOutlined />}
                  disabled={added}
                  onClick={() => onAdd({ uid: work.uid, name: work.name, type: work.type, coverUrl: work.coverUrl, available: true })}
                  data-testid={`pick-work-${work.uid}`}
                >
                  {t(added ? 'brandPages.picker.added' : 'brandPages.picker.add')}
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </Modal>
  );
}
