import { GlobalOutlined } from '@ant-design/icons';
import { Button, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { setLanguage, useLanguage } from '../i18n';

interface LanguageSwitchProps {
  type?: ButtonProps['type'];
  className?: string;
}

/** Toggles zh/en: app strings, antd's locale, dayjs and the `language` cookie. */
export function LanguageSwitch({ type = 'text', className }: LanguageSwitchProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const next = language === 'zh' ? 'en' : 'zh';
  return (
    <Button
      type={type}
      className={className}
      icon={<GlobalOutlined aria-hidden />}
      onClick={() => void setLanguage(next)}
      aria-label={`${t('common.switchLanguage')}: ${t(`common.languages.${next}`)}`}
      data-testid="language-toggle"
      lang={next === 'zh' ? 'zh-CN' : 'en'}
    >
      {t(`common.languages.${next}`)}
    </Button>
  );
}
