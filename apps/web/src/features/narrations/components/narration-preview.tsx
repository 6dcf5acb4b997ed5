import { Modal, Spin } from 'antd';
import type { NarrationDetail, PublicNarration, Tour } from '@spatia/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../api/client';
import { useLanguage } from '../../../i18n';

/** The guide as the viewer plays it: the narrated scenes only, draft or not. */
export function playableGuide(detail: NarrationDetail): PublicNarration {
  return {
    id: detail.id,
    title: detail.title,
    language: detail.language,
    autoAdvance: detail.autoAdvance,
    scenes: detail.scenes
      .filter((scene) => scene.text !== '' || scene.audio !== null)
      .map(({ sceneId, text, audio }) => ({ sceneId, text, audio })),
  };
}

/** Plays the guide (even a draft) in the tour's viewer, as visitors will hear it; the viewer's code loads on opening. */
export function NarrationPreview({ detail, open, onClose }: { detail: NarrationDetail; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const container = useRef<HTMLDivElement>(null);
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    if (!open) return;
    let cancelled = false;
    let destroy = () => undefined as void;
    setLoading(true);
    void Promise.all([
      api.get('/model/{id}/tour', { params: { path: { id: detail.tour.uid } } }) as Promise<Tour>,
      import('@spatia/viewers/tour'),
      import('@spatia/viewers/narration'),
    ]).then(([tour, tours, narration]) => {
      if (cancelled || !container.current || tour.scenes.length === 0) return;
      const viewer = tours.createTourViewer(container.current, tour, { language });
      const player = narration.attachNarration(viewer, container.current, playableGuide(detail), { language });
      destroy = () => {
        player.destroy();
        viewer.destroy();
      };
      setLoading(false);
    });
    return () => {
      cancelled = true;
      destroy();
    };
  }, [open, detail, language]);

  return (
    <Modal
      open={open}
      onCancel={onClose}
      footer={null}
      title={t('narrations.detail.previewTitle', { title: detail.title })}
      width="min(960px, 100vw)"
      destroyOnHidden
      className="narration-preview"
    >
      <div className="narration-preview__stage" data-testid="narration-preview">
        <div ref={container} className="narration-preview__canvas" />
        {loading && <Spin className="narration-preview__spin" />}
      </div>
    </Modal>
  );
}
