import { WarningOutlined } from '@ant-design/icons';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { findSensitiveWords } from '../../../lib/sensitive-words';

/**
 * A warning under a field while its text contains a listed word. It only warns: the server checks
 * again on save and its refusal is what counts.
 */
export function SensitiveWordHint({ text, words, testId }: { text: string; words: readonly string[]; testId?: string }) {
  const { t } = useTranslation();
  const found = useMemo(() => findSensitiveWords(text, words), [text, words]);
  if (found.length === 0) return null;
  return (
    <div className="sensitive-hint" role="status" data-testid={testId}>
      <WarningOutlined aria-hidden /> {t('workEdit.sensitive', { words: found.join(t('workEdit.listSeparator')), count: found.length })}
    </div>
  );
}
