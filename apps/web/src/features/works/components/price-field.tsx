import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { MAX_PRICE_YUAN_TEXT, parsePriceInput } from '../lib/price';

/** A price in yuan, checked as the server checks it; read it back with `parsePriceInput`. */
export function PriceField({ name = 'price', autoFocus = false }: { name?: string; autoFocus?: boolean }) {
  const { t } = useTranslation();
  return (
    <Form.Item
      name={name}
      label={t('works.price.label')}
      extra={t('works.price.hint', { max: MAX_PRICE_YUAN_TEXT })}
      validateFirst
      rules={[
        {
          validator: async (_, value: string | undefined) => {
            const { problem } = parsePriceInput(value ?? '');
            if (problem) throw new Error(t(`works.price.${problem}`, { max: MAX_PRICE_YUAN_TEXT }));
          },
        },
      ]}
    >
      <Input
        prefix="¥"
        inputMode="decimal"
        placeholder={t('works.price.placeholder')}
        autoFocus={autoFocus}
        autoComplete="off"
        data-testid="price-input"
      />
    </Form.Item>
  );
}
