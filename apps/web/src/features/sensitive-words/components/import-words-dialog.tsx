import { InboxOutlined } from '@ant-design/icons';
import { App, Button, Modal, Spin, Statistic, Typography, Upload } from 'antd';
import { SENSITIVE_WORDS_IMPORT_MAX_BYTES } from '@spatia/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useImportSensitiveWords, type ImportResult } from '../api/sensitive-words-admin';

/** Choose or drop a text or CSV file; the answer's counts and the lines not taken are shown here. */
export function ImportWordsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const importFile = useImportSensitiveWords();
  const [fileName, setFileName] = useState('');
  const [result, setResult] = useState<ImportResult | null>(null);

  const start = async (file: File) => {
    setFileName(file.name);
    setResult(null);
    try {
      setResult(await importFile.mutateAsync(file));
    } catch {
      // The client showed the server's message; the drop zone stays for another try.
    }
  };

  const footer = result
    ? [
        <Button key="another" onClick={() => setResult(null)} data-testid="import-words-another">
          {t('sensitiveWords.importDialog.another')}
        </Button>,
        <Button key="close" type="primary" onClick={onClose} data-testid="import-words-close">
          {t('sensitiveWords.importDialog.close')}
        </Button>,
      ]
    : [
        <Button key="cancel" onClick={onClose}>
          {t('common.actions.cancel')}
        </Button>,
      ];

  return (
    <Modal
      open={open}
      title={t('sensitiveWords.importDialog.title')}
      footer={footer}
      onCancel={onClose}
      destroyOnHidden
      afterClose={() => setResult(null)}
    >
      {result ? (
        <div className="sensitive-words__import-result" data-testid="import-words-result">
          <Typography.Text type="secondary">{fileName}</Typography.Text>
          <div className="sensitive-words__import-counts">
            <Statistic title={t('sensitiveWords.importDialog.added')} value={result.added} data-testid="import-words-added" />
            <Statistic title={t('sensitiveWords.importDialog.skipped')} value={result.skipped} data-testid="import-words-skipped" />
            <Statistic
              title={t('sensitiveWords.importDialog.invalid')}
              value={result.invalidTotal}
              styles={{ content: { color: result.invalidTotal > 0 ? '#cf1322' : undefined } }}
              data-testid="import-words-invalid"
            />
          </div>
          {result.invalid.length > 0 && (
            <section aria-label={t('sensitiveWords.importDialog.invalidTitle')}>
              <Typography.Title level={5}>{t('sensitiveWords.importDialog.invalidTitle')}</Typography.Title>
              <ul className="sensitive-words__invalid-lines">
                {result.invalid.map((problem) => (
                  <li key={`${problem.line}-${problem.text}`} data-testid="import-words-invalid-line">
                    <Typography.Text type="secondary">{t('sensitiveWords.importDialog.line', { line: problem.line })}</Typography.Text>{' '}
                    <Typography.Text code ellipsis className="sensitive-words__invalid-text">
                      {problem.text}
                    </Typography.Text>{' '}
                    <Typography.Text type="danger">{t(`sensitiveWords.reasons.${problem.reason}`)}</Typography.Text>
                  </li>
                ))}
              </ul>
              {result.invalidTotal > result.invalid.length && (
                <Typography.Text type="secondary">
                  {t('sensitiveWords.importDialog.more', { count: result.invalidTotal - result.invalid.length })}
                </Typography.Text>
              )}
            </section>
          )}
        </div>
      ) : (
        <Spin spinning={importFile.isPending} tip={t('sensitiveWords.importDialog.importing', { name: fileName })}>
          <div data-testid="import-words-drop">
            <Upload.Dragger
              accept=".txt,.csv,text/plain,text/csv"
              multiple={false}
              showUploadList={false}
              disabled={importFile.isPending}
              beforeUpload={(file) => {
                if (file.size > SENSITIVE_WORDS_IMPORT_MAX_BYTES) void message.error(t('sensitiveWords.importDialog.tooLarge'));
                else void start(file);
                // The file goes through our own call, not antd's uploader.
                return Upload.LIST_IGNORE;
              }}
            >
              <p className="ant-upload-drag-icon">
                <InboxOutlined />
              </p>
              <p className="ant-upload-text">{t('sensitiveWords.importDialog.drop')}</p>
              <p className="ant-upload-hint">{t('sensitiveWords.importDialog.hint')}</p>
            </Upload.Dragger>
          </div>
        </Spin>
      )}
    </Modal>
  );
}
