import { App, Input, Modal, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAddSensitiveWords } from '../api/sensitive-words-admin';
import { readWordLines } from '../lib/word-lines';

const PROBLEMS_SHOWN = 5;

/** A text area, one word per line, checked as it is typed by the server's rules. */
export function AddWordsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [text, setText] = useState('');
  const lines = useMemo(() => readWordLines(text), [text]);
  const add = useAddSensitiveWords();
  const blocked = lines.words.length === 0 || lines.problems.length > 0 || lines.tooMany;

  const submit = async () => {
    if (blocked) return;
    let result;
    try {
      result = await add.mutateAsync(lines.words);
    } catch {
      return; // The client showed the server's message.
    }
    const skipped = result.skipped.join('、');
    if (result.added.length > 0) {
      void message.success(t('sensitiveWords.addDialog.added', { count: result.added.length }));
      if (skipped) void message.info(t('sensitiveWords.addDialog.skipped', { words: skipped }));
    } else {
      void message.info(t('sensitiveWords.addDialog.nothingAdded', { words: skipped }));
    }
    onClose();
  };

  return (
    <Modal
      open={open}
      title={t('sensitiveWords.addDialog.title')}
      okText={t('sensitiveWords.addDialog.submit')}
      cancelText={t('common.actions.cancel')}
      onOk={() => void submit()}
      onCancel={onClose}
      okButtonProps={{ disabled: blocked, 'data-testid': 'add-words-submit' }}
      confirmLoading={add.isPending}
      destroyOnHidden
      afterClose={() => setText('')}
    >
      <Typography.Paragraph type="secondary">{t('sensitiveWords.addDialog.hint')}</Typography.Paragraph>
      <label className="sensitive-words__label" htmlFor="sensitive-words-add-text">
        {t('sensitiveWords.addDialog.label')}
      </label>
      <Input.TextArea
        id="sensitive-words-add-text"
        data-testid="add-words-text"
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder={t('sensitiveWords.addDialog.placeholder')}
        autoSize={{ minRows: 6, maxRows: 14 }}
        autoFocus
      />
      <div className="sensitive-words__add-summary" aria-live="polite" data-testid="add-words-summary">
        {lines.words.length > 0 && <Typography.Text>{t('sensitiveWords.addDialog.ready', { count: lines.words.length })}</Typography.Text>}
        {lines.repeated > 0 && (
          <Typography.Text type="secondary">{t('sensitiveWords.addDialog.repeated', { count: lines.repeated })}</Typography.Text>
        )}
        {lines.tooMany && <Typography.Text type="danger">{t('sensitiveWords.addDialog.tooMany')}</Typography.Text>}
        {lines.problems.slice(0, PROBLEMS_SHOWN).map((problem) => (
          <Typography.Text key={problem.line} type="danger" data-testid="add-words-problem">
            {t('sensitiveWords.addDialog.problem', {
              line: problem.line,
              text: problem.text.length > 20 ? `${problem.text.slice(0, 20)}…` : problem.text,
              reason: t(`sensitiveWords.reasons.${problem.reason}`),
            })}
          </Typography.Text>
        ))}
        {lines.problems.length > PROBLEMS_SHOWN && (
          <Typography.Text type="danger">
            {t('sensitiveWords.importDialog.more', { count: lines.problems.length - PROBLEMS_SHOWN })}
          </Typography.Text>
        )}
      </div>
    </Modal>
  );
}
