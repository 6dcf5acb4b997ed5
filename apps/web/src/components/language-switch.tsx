import GlobalOutlined from '@ant-design/icons-svg/es/asn/GlobalOutlined';
import { useTranslation } from 'react-i18next';
import { setLanguage, useLanguage } from '../i18n';
import { PlainButton } from './plain-button';
import { SvgIcon } from './svg-icon';

interface LanguageSwitchProps {
  className?: string;
}

/**
 * Toggles zh/en: app strings, antd's locale, dayjs and the `language` cookie. A plain button (antd's text button
 * in look), since the public header shows it on pages that load no antd.
 */
export function LanguageSwitch({ className }: LanguageSwitchProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const next = language === 'zh' ? 'en' : 'zh';
  return (
    <PlainButton
      variant="text"
      className={className}
      icon={<SvgIcon icon={GlobalOutlined} aria-hidden />}
      onClick={() => void setLanguage(next)}
      aria-label={`${t('common.switchLanguage')}: ${t(`common.languages.${next}`)}`}
      data-testid="language-toggle"
      lang={next === 'zh' ? 'zh-CN' : 'en'}
    >
      {t(`common.languages.${next}`)}
    </PlainButton>
  );
}
