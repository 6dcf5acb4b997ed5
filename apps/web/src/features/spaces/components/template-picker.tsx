import { SPACE_TEMPLATES, type SpaceTemplateCode, type SpaceView as Space } from '@spatia/contract';
import { CheckCircleFill } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../i18n';
import { spaceThemeOf } from '../lib/space-theme';
import { SpaceView } from './space-view';
import './spaces.css';

interface TemplatePickerProps {
  space: Space;
  value: SpaceTemplateCode;
  onChange: (code: SpaceTemplateCode) => void;
}

/** The space itself, small, as the chosen template draws it: what one sees is what visitors will see. */
export function TemplatePreview({ space, templateCode }: { space: Space; templateCode: SpaceTemplateCode }) {
  const { t } = useTranslation();
  const theme = spaceThemeOf(templateCode, space.brandColor);
  return (
    <figure
      className="sp-preview"
      aria-label={t('spacePages.template.preview')}
      data-testid="space-template-preview"
      data-template={templateCode}
    >
      <div className="sp-preview__screen" style={theme.style}>
        <SpaceView space={space} templateCode={templateCode} preview />
      </div>
    </figure>
  );
}

/** The six templates as choices: each shows its colours and layout; the chosen one is ticked. */
export function TemplatePicker({ space, value, onChange }: TemplatePickerProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <div className="sp-templates" role="radiogroup" aria-label={t('spacePages.template.choose')} data-testid="space-templates">
      {SPACE_TEMPLATES.map((template) => {
        const theme = spaceThemeOf(template.code, space.brandColor);
        const chosen = template.code === value;
        return (
          <button
            key={template.code}
            type="button"
            role="radio"
            aria-checked={chosen}
            className={`sp-template${chosen ? ' sp-template--chosen' : ''}`}
            onClick={() => onChange(template.code)}
            data-testid={`space-template-${template.code}`}
          >
            <span className="sp-template__sample" style={theme.style} aria-hidden="true">
              <span className={`sp-template__layout sp-template__layout--${template.layout}`}>
                <i />
                <i />
                <i />
                <i />
              </span>
            </span>
            <span className="sp-template__name">
              {language === 'zh' ? template.nameZh : template.nameEn}
              {chosen && <CheckCircleFill className="sp-template__tick" aria-hidden="true" />}
            </span>
            <span className="sp-template__layout-name">
              {t(`spacePages.template.layout.${template.layout}`)}
              {template.usesBrandColor ? ` · ${t('spacePages.template.brand')}` : ''}
            </span>
          </button>
        );
      })}
    </div>
  );
}
