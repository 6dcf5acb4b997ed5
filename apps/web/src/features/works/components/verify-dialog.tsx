import { CheckCircleFilled, CloseCircleFilled } from '@ant-design/icons';
import { Alert, Button, Modal } from 'antd';
import type { WorkSummary, WorkVerification } from '@spatia/contract';
import { useTranslation } from 'react-i18next';
import { offeredWorkActions, type WorkMenuAction } from '../lib/work-actions';
import { WorkProcessingStatus } from './work-processing';

export interface VerifyState {
  work: WorkSummary;
  result: WorkVerification;
}

interface VerifyDialogProps {
  state: VerifyState | null;
  onClose: () => void;
  /** Follow-up actions the checklist suggests: edit for a name, upload for a cover or origin, publish when complete. */
  onAction: (action: WorkMenuAction, work: WorkSummary) => void;
}

/**
 * The completeness checklist with a tick or a cross per item, and the way to fix what is missing; for
 * a panorama, where its processing stands (live while it runs), with a way to start or retry it.
 */
export function VerifyDialog({ state, onClose, onAction }: VerifyDialogProps) {
  const { t } = useTranslation();
  const work = state?.work;
  const result = state?.result;
  const allowed = new Set(
    work
      ? offeredWorkActions(work)
          .filter(({ blockedBy }) => !blockedBy)
          .map(({ action }) => action)
      : [],
  );
  const missing = new Set(result?.checklist.filter((entry) => !entry.ok).map((entry) => entry.item) ?? []);

  const follow = (action: WorkMenuAction) => {
    if (!work) return;
    onClose();
    onAction(action, work);
  };

  const footer = [
    <Button key="close" onClick={onClose}>
      {t('works.verify.close')}
    </Button>,
  ];
  if (result?.complete && allowed.has('publish')) {
    footer.push(
      <Button key="publish" type="primary" onClick={() => follow('publish')}>
        {t('works.verify.publish')}
      </Button>,
    );
  }
  if (!result?.complete && missing.has('name') && allowed.has('edit')) {
    footer.push(
      <Button key="edit" onClick={() => follow('edit')}>
        {t('works.verify.edit')}
      </Button>,
    );
  }
  if (!result?.complete && (missing.has('cover') || missing.has('origin')) && allowed.has('upload')) {
    footer.push(
      <Button key="upload" type="primary" onClick={() => follow('upload')}>
        {t('works.verify.upload')}
      </Button>,
    );
  }

  return (
    <Modal open={state !== null} title={t('works.verify.title')} onCancel={onClose} footer={footer} destroyOnHidden>
      {result && (
        <>
          <Alert
            type={result.complete ? 'success' : 'warning'}
            showIcon
            title={result.complete ? t('works.verify.complete') : t('works.verify.incomplete')}
            className="works-verify__alert"
          />
          <ul className="works-verify" data-testid="verify-checklist">
            {result.checklist.map(({ item, ok }) => (
              <li
                key={item}
                className={ok ? 'works-verify__item works-verify__item--ok' : 'works-verify__item works-verify__item--missing'}
                data-item={item}
                data-ok={ok}
              >
                {ok ? <CheckCircleFilled aria-hidden /> : <CloseCircleFilled aria-hidden />}
                <span className="works-verify__name">{t(`works.verify.items.${item}`)}</span>
                <span className="works-verify__state">{ok ? t('works.verify.ok') : t('works.verify.missing')}</span>
              </li>
            ))}
          </ul>
          {work && (
            <section className="works-verify__processing" aria-labelledby="works-verify-processing" data-testid="verify-processing">
              <h3 id="works-verify-processing" className="works-verify__heading">
                {t('works.processing.title')}
              </h3>
              <WorkProcessingStatus uid={work.uid} type={work.type} variant="full" initial={result.processing} />
            </section>
          )}
        </>
      )}
    </Modal>
  );
}
