import { PlusOutlined } from '@ant-design/icons';
import { Button, Input, Space, Tag, Typography } from 'antd';
import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { WORK_TAGS_MAX } from '@spatia/contract';
import { characterCount, textLength } from '../../../lib/text-count';
import { findTagProblem, WORK_TEXT_LIMITS, type TagProblem } from '../lib/text-limits';
import { SensitiveWordHint } from './sensitive-word-hint';

interface TagEditorProps {
  tags: string[];
  onChange: (tags: string[]) => void;
  disabled?: boolean;
  sensitiveWords: readonly string[];
}

/** Tags as removable chips and a field that adds one on Enter, with the server's limits explained. */
export function TagEditor({ tags, onChange, disabled = false, sensitiveWords }: TagEditorProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<TagProblem | null>(null);
  const full = tags.length >= WORK_TAGS_MAX;
  const draftTooLong = textLength(draft.trim()) > WORK_TEXT_LIMITS.tag;

  const add = () => {
    const found = findTagProblem(draft, tags);
    // An empty Enter is not a mistake worth a message.
    if (found === 'empty') return;
    setProblem(found);
    if (found) return;
    onChange([...tags, draft.trim()]);
    setDraft('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      // Enter adds the tag; it must not submit anything around the editor.
      event.preventDefault();
      add();
    }
  };

  const shownProblem = problem ?? (draftTooLong ? 'tooLong' : null);

  return (
    <div className="tag-editor" data-testid="tag-editor">
      <div className="tag-editor__chips" aria-live="polite">
        {tags.length === 0 ? (
          <Typography.Text type="secondary">{t('workEdit.tags.none')}</Typography.Text>
        ) : (
          tags.map((tag) => (
            <Tag
              key={tag}
              closable={!disabled}
              onClose={(event) => {
                event.preventDefault();
                onChange(tags.filter((existing) => existing !== tag));
                setProblem(null);
              }}
              closeIcon={<span aria-label={t('workEdit.tags.remove', { tag })}>×</span>}
              className="tag-editor__chip"
              data-testid="tag-chip"
            >
              {tag}
            </Tag>
          ))
        )}
      </div>
      <Space.Compact className="tag-editor__add">
        <Input
          value={draft}
          onChange={(event) => {
            setDraft(event.target.value);
            setProblem(null);
          }}
          onKeyDown={onKeyDown}
          disabled={disabled || full}
          placeholder={full ? t('workEdit.tags.full', { max: WORK_TAGS_MAX }) : t('workEdit.tags.placeholder')}
          status={shownProblem ? 'error' : undefined}
          count={characterCount(WORK_TEXT_LIMITS.tag)}
          aria-label={t('workEdit.tags.add')}
          data-testid="tag-input"
        />
        <Button icon={<PlusOutlined />} onClick={add} disabled={disabled || full || !draft.trim()} data-testid="tag-add">
          {t('workEdit.tags.add')}
        </Button>
      </Space.Compact>
      <div className="tag-editor__meta">
        <span
          className={shownProblem ? 'tag-editor__problem' : undefined}
          role={shownProblem ? 'alert' : undefined}
          data-testid="tag-problem"
        >
          {shownProblem
            ? t(`workEdit.tags.problem.${shownProblem}`, { max: shownProblem === 'tooMany' ? WORK_TAGS_MAX : WORK_TEXT_LIMITS.tag })
            : t('workEdit.tags.hint')}
        </span>
        <span className="tag-editor__count">
          {tags.length}/{WORK_TAGS_MAX}
        </span>
      </div>
      <SensitiveWordHint text={draft} words={sensitiveWords} testId="tag-sensitive" />
    </div>
  );
}
