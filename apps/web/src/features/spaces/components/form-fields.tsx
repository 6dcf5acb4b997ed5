import { ImageUploader, Input, TextArea, Toast, type ImageUploadItem } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { UPLOAD_IMAGE_TYPES } from '../../../api/post-image';
import { formatBytes } from '../../../lib/format';
import { charactersOver, textLength } from '../../../lib/text-count';
import { uploadSpaceImage } from '../api/spaces-api';

/** What a space image may weigh before it is sent (the server re-encodes it). */
export const SPACE_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
const IMAGE_TYPES: readonly string[] = UPLOAD_IMAGE_TYPES;

interface ControlledProps<T> {
  value?: T;
  onChange?: (value: T) => void;
}

/** "12 / 30" under a text, red and saying by how much once over: counted, never cut (docs/web.md). */
function Count({ text, max }: { text: string; max: number }) {
  const { t } = useTranslation();
  const over = charactersOver(text, max);
  return (
    <span className={`sp-count${over > 0 ? ' sp-count--over' : ''}`} aria-live="polite">
      {over > 0 ? t('validation.tooLong', { max, over }) : `${textLength(text)} / ${max}`}
    </span>
  );
}

export function CountedInput({
  value = '',
  onChange,
  max,
  placeholder,
  testId,
}: ControlledProps<string> & { max: number; placeholder?: string; testId: string }) {
  return (
    <div className="sp-counted">
      <Input value={value} onChange={(next) => onChange?.(next)} placeholder={placeholder} clearable data-testid={testId} />
      <Count text={value} max={max} />
    </div>
  );
}

export function CountedTextArea({
  value = '',
  onChange,
  max,
  placeholder,
  testId,
}: ControlledProps<string> & { max: number; placeholder?: string; testId: string }) {
  return (
    <div className="sp-counted">
      <TextArea
        value={value}
        onChange={(next) => onChange?.(next)}
        placeholder={placeholder}
        autoSize={{ minRows: 3, maxRows: 8 }}
        data-testid={testId}
      />
      <Count text={value} max={max} />
    </div>
  );
}

/** One image (a cover or a logo): chosen from the gallery or the camera, sent at once; its value is the stored link. */
export function ImageField({ value = '', onChange, testId }: ControlledProps<string> & { testId: string }) {
  const { t } = useTranslation();
  const items: ImageUploadItem[] = value ? [{ url: value }] : [];
  return (
    <div data-testid={testId}>
      <ImageUploader
        value={items}
        maxCount={1}
        accept={IMAGE_TYPES.join(',')}
        onChange={(next) => onChange?.(next[0]?.url ?? '')}
        beforeUpload={(file) => {
          if (!IMAGE_TYPES.includes(file.type)) {
            Toast.show({ icon: 'fail', content: t('spacePages.form.notImage', { name: file.name }) });
            return null;
          }
          if (file.size > SPACE_IMAGE_MAX_BYTES) {
            Toast.show({
              icon: 'fail',
              content: t('spacePages.form.tooLarge', { name: file.name, max: formatBytes(SPACE_IMAGE_MAX_BYTES) }),
            });
            return null;
          }
          return file;
        }}
        upload={async (file) => ({ url: await uploadSpaceImage(file) })}
      />
    </div>
  );
}

/** A brand colour: the phone's own colour picker, the hex it chose, and a way back to none. */
export function ColorField({ value = '', onChange }: ControlledProps<string>) {
  const { t } = useTranslation();
  return (
    <div className="sp-color">
      <input
        type="color"
        className="sp-color__picker"
        value={value || '#1668dc'}
        onChange={(event) => onChange?.(event.target.value)}
        aria-label={t('spacePages.form.brandColor')}
        data-testid="space-form-brand-color"
      />
      <span className="sp-color__hex">{value || t('spacePages.form.brandColorNone')}</span>
      {value && (
        <button type="button" className="sp-color__clear" onClick={() => onChange?.('')}>
          {t('spacePages.form.clear')}
        </button>
      )}
    </div>
  );
}
