import { CheckCircleFilled, CompassOutlined, EyeOutlined } from '@ant-design/icons';
import { PHONE_PATTERN, type LeadInput, type PublicLandingPage } from '@spatia/contract';
import { Button, Checkbox, Form, Input, Result } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSubmitLead } from '../api/brand-pages-api';
import { workPath } from '../lib/brand-paths';
import { BrandHeader, BrandWorkGrid } from './brand-view';
import './brand-pages.css';

interface LeadValues {
  name: string;
  phone?: string;
  company?: string;
  message?: string;
  consent?: boolean;
}

/** A landing page as visitors see it: the headline, the work or showcase, and the lead form. `preview` sends nothing. */
export function LandingView({ page, preview = false }: { page: PublicLandingPage; preview?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="brand-page" data-testid="landing-view">
      {page.brand && <BrandHeader brand={page.brand} />}
      <section className="landing-hero">
        <h1 className="landing-hero__headline">{page.headline}</h1>
        {page.text && <p className="landing-hero__text">{page.text}</p>}
        {page.work && (
          <>
            <Link to={workPath(page.work.uid)} className="landing-work" data-testid="landing-work">
              {page.work.coverUrl ? <img src={page.work.coverUrl} alt="" /> : <CompassOutlined aria-hidden />}
              <span className="landing-work__open">
                <EyeOutlined aria-hidden /> {t('brandPages.public.openWork')}
              </span>
            </Link>
            <p className="landing-work__name">{page.work.name}</p>
          </>
        )}
        {page.targetKind === 'showcase' && <BrandWorkGrid works={page.works} />}
      </section>
      <LeadForm page={page} preview={preview} />
      <footer className="brand-page__footer">
        <Link to="/">{t('brandPages.public.poweredBy')}</Link>
      </footer>
    </div>
  );
}

function LeadForm({ page, preview }: { page: PublicLandingPage; preview: boolean }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<LeadValues>();
  const submit = useSubmitLead(page.id);
  const [sent, setSent] = useState(false);
  const asks = (field: 'phone' | 'company' | 'message') => page.leadFields.includes(field);

  const send = (values: LeadValues) => {
    if (preview) return;
    const input: LeadInput = { name: values.name.trim(), consent: page.consentText ? values.consent === true : undefined };
    if (asks('phone')) input.phone = values.phone?.trim();
    if (asks('company')) input.company = values.company?.trim() || undefined;
    if (asks('message')) input.message = values.message?.trim() || undefined;
    submit.mutate(input, { onSuccess: () => setSent(true) });
  };

  if (sent) {
    return (
      <section className="landing-form">
        <div className="landing-form__card" data-testid="lead-sent">
          <Result
            icon={<CheckCircleFilled />}
            status="success"
            title={t('brandPages.public.sent')}
            subTitle={t('brandPages.public.sentText')}
          />
        </div>
      </section>
    );
  }

  return (
    <section className="landing-form" aria-labelledby="lead-form-title">
      <div className="landing-form__card">
        <h2 id="lead-form-title" className="landing-form__title">
          {t('brandPages.public.formTitle')}
        </h2>
        <Form form={form} layout="vertical" onFinish={send} requiredMark data-testid="lead-form">
          <Form.Item
            name="name"
            label={t('brandPages.fields.name')}
            rules={[{ required: true, whitespace: true, message: t('brandPages.public.nameRequired') }]}
          >
            <Input maxLength={30} autoComplete="name" />
          </Form.Item>
          {asks('phone') && (
            <Form.Item
              name="phone"
              label={t('brandPages.fields.phone')}
              rules={[
                { required: true, message: t('brandPages.public.phoneRequired') },
                { pattern: PHONE_PATTERN, message: t('brandPages.public.phoneInvalid') },
              ]}
            >
              <Input inputMode="tel" maxLength={11} autoComplete="tel" />
            </Form.Item>
          )}
          {asks('company') && (
            <Form.Item name="company" label={t('brandPages.fields.company')}>
              <Input maxLength={60} autoComplete="organization" />
            </Form.Item>
          )}
          {asks('message') && (
            <Form.Item name="message" label={t('brandPages.fields.message')}>
              <Input.TextArea maxLength={500} rows={3} showCount />
            </Form.Item>
          )}
          {page.consentText && (
            <Form.Item
              name="consent"
              valuePropName="checked"
              rules={[
                {
                  validator: (_, value) => (value ? Promise.resolve() : Promise.reject(new Error(t('brandPages.public.consentRequired')))),
                },
              ]}
            >
              <Checkbox>{page.consentText}</Checkbox>
            </Form.Item>
          )}
          <Form.Item>
            <Button
              type="primary"
              htmlType="submit"
              size="large"
              block
              loading={submit.isPending}
              disabled={preview}
              data-testid="lead-submit"
            >
              {page.ctaLabel}
            </Button>
          </Form.Item>
        </Form>
      </div>
    </section>
  );
}
