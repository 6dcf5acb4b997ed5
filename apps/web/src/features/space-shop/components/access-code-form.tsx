import { Button, Input } from 'antd-mobile';
import { SPACE_ACCESS_CODE_PATTERN } from '@spatia/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MobileState } from '../../../components/mobile-state';

/**
 * A private space's shop asks for the space's access code (4–12 letters and digits); `refusal` is the server's
 * message when a code was given and refused.
 */
export function AccessCodeForm({ refusal, onCode }: { refusal: string | null; onCode: (code: string) => void }) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const valid = SPACE_ACCESS_CODE_PATTERN.test(code);
  return (
    <MobileState kind="locked" title={t('spaceShop.privateTitle')} description={t('spaceShop.privateText')} testId="shop-needs-code">
      <form
        className="shop-code"
        onSubmit={(event) => {
          event.preventDefault();
          if (valid) onCode(code);
        }}
      >
        <Input
          className="shop-code__input"
          value={code}
          onChange={(value) => setCode(value.trim())}
          maxLength={12}
          placeholder={t('spaceShop.codePlaceholder')}
          aria-label={t('spaceShop.codeLabel')}
          autoComplete="off"
        />
        {refusal && (
          <p className="shop-code__refusal" role="alert">
            {refusal}
          </p>
        )}
        <Button type="submit" color="primary" className="shop-button" disabled={!valid}>
          {t('spaceShop.openShop')}
        </Button>
      </form>
    </MobileState>
  );
}
