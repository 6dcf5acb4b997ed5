import { CheckCircleFilled, ClockCircleOutlined, CloseCircleOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Checkbox, Empty, Form, Input, Result, Select, Skeleton, Space, Tag, Typography } from 'antd';
import {
  PROVINCES,
  provinceName,
  SIGNING_EQUIPMENT_MAX,
  SIGNING_INTRO_MAX,
  SIGNING_SAMPLE_WORKS_MAX,
  type MySigning,
  type SigningApplicationItem,
} from '@spatia/contract';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadFailed } from '../../../components/load-failed';
import { useLanguage } from '../../../i18n';
import { formatDate } from '../../../lib/format';
import { useSession } from '../../../stores/session-store';
import { useApplyForSigning, useMySigning, useMyWorksForSamples, useUpdateSigningAreas, useWithdrawSigning } from '../api/signing';
import './signing.css';

interface ApplyForm {
  provinceCodes: string[];
  equipment: string;
  sampleWorkUids: string[];
  intro: string;
}

/**
 * The photographer's signing (`/signed/index`, spec 2.3): the application form, its status (pending with
 * Withdraw, rejected with the reason and Apply again), and once signed the provinces served. `children`
 * (the open and taken orders) show only once signed.
 */
export function MySigningPanel({ signedContent }: { signedContent: ReactNode }) {
  const { t } = useTranslation();
  const signing = useMySigning();
  const [reapplying, setReapplying] = useState(false);
  if (signing.isPending) return <Skeleton active />;
  if (!signing.data) return <LoadFailed title={t('signing.loadFailed')} query={signing} testId="signing-error" />;
  const { application, provider } = signing.data;

  if (provider?.status === 'active') {
    return (
      <>
        <SignedCard signing={signing.data} />
        {signedContent}
      </>
    );
  }
  if (application?.status === 'pending') return <PendingCard application={application} />;
  const previous = application?.status === 'rejected' ? application : null;
  if ((previous || provider?.status === 'revoked') && !reapplying) {
    return (
      <Card data-testid="signing-rejected">
        <Result
          status="warning"
          icon={<CloseCircleOutlined />}
          title={provider?.status === 'revoked' ? t('signing.revokedTitle') : t('signing.rejectedTitle')}
          subTitle={
            provider?.status === 'revoked'
              ? t('signing.revokedReason', { reason: provider.revokeReason || t('signing.noReason') })
              : t('signing.rejectedReason', { reason: previous?.reason || t('signing.noReason') })
          }
          extra={
            <Button type="primary" onClick={() => setReapplying(true)} data-testid="signing-reapply">
              {t('signing.reapply')}
            </Button>
          }
        />
      </Card>
    );
  }
  return <ApplyCard previous={application} />;
}

function ProvinceTags({ codes }: { codes: readonly string[] }) {
  const language = useLanguage();
  return (
    <Space wrap size={[4, 4]}>
      {codes.map((code) => (
        <Tag key={code}>{provinceName(code, language)}</Tag>
      ))}
    </Space>
  );
}

function SignedCard({ signing }: { signing: MySigning }) {
  const { t } = useTranslation();
  const provider = signing.provider!;
  const [editing, setEditing] = useState(false);
  return (
    <Card className="signing-card" data-testid="signing-signed">
      <Space align="start" size={12}>
        <CheckCircleFilled className="signing-card__ok" aria-hidden />
        <div>
          <Typography.Title level={3} className="signing-card__title">
            {t('signing.signedTitle')}
          </Typography.Title>
          <Typography.Paragraph type="secondary">
            {t('signing.signedSince', {
              date: formatDate(provider.signedAt, 'YYYY-MM-DD'),
              active: provider.activeOrders,
              completed: provider.completedOrders,
            })}
          </Typography.Paragraph>
          <ProvinceTags codes={provider.provinceCodes} />
          {provider.equipment && (
            <Typography.Paragraph type="secondary" className="signing-card__equipment" data-testid="signing-equipment-now">
              {t('signing.equipmentNow', { equipment: provider.equipment })}
            </Typography.Paragraph>
          )}
          {editing ? (
            <AreasForm provinceCodes={provider.provinceCodes} equipment={provider.equipment} onDone={() => setEditing(false)} />
          ) : (
            <Button onClick={() => setEditing(true)} data-testid="signing-edit-areas">
              {t('signing.editAreas')}
            </Button>
          )}
        </div>
      </Space>
    </Card>
  );
}

/** A signed provider changes the provinces they serve and their equipment; the open orders below follow. */
function AreasForm({ provinceCodes, equipment, onDone }: { provinceCodes: readonly string[]; equipment: string; onDone: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const update = useUpdateSigningAreas();
  return (
    <Form<{ provinceCodes: string[]; equipment: string }>
      layout="vertical"
      initialValues={{ provinceCodes: [...provinceCodes], equipment }}
      onFinish={(values) =>
        void update.mutateAsync({ provinceCodes: values.provinceCodes, equipment: values.equipment.trim() }).then(
          () => {
            void message.success(t('signing.areasSaved'));
            onDone();
          },
          () => undefined,
        )
      }
      className="signing-form signing-form--areas"
      data-testid="signing-areas-form"
    >
      <AreaAndEquipmentFields areasTestId="signing-edit-areas-select" equipmentTestId="signing-edit-equipment" />
      <Typography.Paragraph type="secondary">{t('signing.areasHint')}</Typography.Paragraph>
      <Space>
        <Button type="primary" htmlType="submit" loading={update.isPending} data-testid="signing-save-areas">
          {t('signing.saveAreas')}
        </Button>
        <Button onClick={onDone}>{t('common.actions.cancel')}</Button>
      </Space>
    </Form>
  );
}

function PendingCard({ application }: { application: SigningApplicationItem }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const withdraw = useWithdrawSigning();
  return (
    <Card data-testid="signing-pending">
      <Result
        icon={<ClockCircleOutlined />}
        title={t('signing.pendingTitle')}
        subTitle={t('signing.pendingText', { date: formatDate(application.createdAt, 'YYYY-MM-DD HH:mm') })}
        extra={
          <Button
            onClick={() =>
              void modal.confirm({
                title: t('signing.withdrawTitle'),
                content: t('signing.withdrawText'),
                okText: t('signing.withdraw'),
                okButtonProps: { danger: true },
                cancelText: t('common.actions.cancel'),
                onOk: () => withdraw.mutateAsync().catch(() => undefined),
              })
            }
            data-testid="signing-withdraw"
          >
            {t('signing.withdraw')}
          </Button>
        }
      >
        <ProvinceTags codes={application.provinceCodes} />
      </Result>
    </Card>
  );
}

function ApplyCard({ previous }: { previous: SigningApplicationItem | null }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const uid = useSession((session) => session.uid);
  const works = useMyWorksForSamples(uid);
  const apply = useApplyForSigning();
  const [form] = Form.useForm<ApplyForm>();
  const ownWorks = works.data?.list ?? [];

  return (
    <Card title={t('signing.applyTitle')} data-testid="signing-apply">
      <Typography.Paragraph type="secondary">{t('signing.applyIntro')}</Typography.Paragraph>
      <Form<ApplyForm>
        form={form}
        layout="vertical"
        initialValues={{
          provinceCodes: previous?.provinceCodes ?? [],
          equipment: previous?.equipment ?? '',
          intro: previous?.intro ?? '',
          sampleWorkUids: previous?.sampleWorks.map((work) => work.uid) ?? [],
        }}
        onFinish={(values) =>
          void apply
            .mutateAsync({
              provinceCodes: values.provinceCodes,
              equipment: values.equipment.trim(),
              intro: (values.intro ?? '').trim(),
              sampleWorkUids: values.sampleWorkUids,
            })
            .then(
              () => void message.success(t('signing.applied')),
              () => undefined,
            )
        }
        className="signing-form"
      >
        <AreaAndEquipmentFields areasTestId="signing-areas" equipmentTestId="signing-equipment" equipmentPlaceholder />
        <Form.Item
          name="sampleWorkUids"
          label={t('signing.fields.samples', { max: SIGNING_SAMPLE_WORKS_MAX })}
          rules={[
            {
              validator: (_, value: string[] | undefined) =>
                value && value.length >= 1 && value.length <= SIGNING_SAMPLE_WORKS_MAX
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('signing.samplesRequired', { max: SIGNING_SAMPLE_WORKS_MAX }))),
            },
          ]}
        >
          {works.isPending ? (
            <Skeleton active paragraph={{ rows: 2 }} />
          ) : ownWorks.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('signing.noWorks')}>
              <Link to="/dashboard/dashboard">{t('signing.goWorks')}</Link>
            </Empty>
          ) : (
            <Checkbox.Group className="signing-samples" data-testid="signing-samples">
              {ownWorks.map((work) => (
                <Checkbox key={work.uid} value={work.uid} className="signing-samples__item">
                  <span className="signing-samples__cover" aria-hidden>
                    {work.coverUrl && <img src={work.coverUrl} alt="" loading="lazy" />}
                  </span>
                  <span className="signing-samples__name">{work.name || t('signing.untitled')}</span>
                </Checkbox>
              ))}
            </Checkbox.Group>
          )}
        </Form.Item>
        <Form.Item name="intro" label={t('signing.fields.intro')}>
          <Input.TextArea
            maxLength={SIGNING_INTRO_MAX}
            showCount
            autoSize={{ minRows: 3, maxRows: 8 }}
            placeholder={t('signing.introPlaceholder')}
          />
        </Form.Item>
        {previous?.status === 'withdrawn' && (
          <Alert type="info" showIcon title={t('signing.withdrawnBefore')} className="signing-form__alert" />
        )}
        <Button type="primary" htmlType="submit" loading={apply.isPending} data-testid="signing-submit">
          {t('signing.submit')}
        </Button>
      </Form>
    </Card>
  );
}

/** The provinces served and the equipment: the same two fields in the application and in a signed provider's change. */
function AreaAndEquipmentFields({
  areasTestId,
  equipmentTestId,
  equipmentPlaceholder = false,
}: {
  areasTestId: string;
  equipmentTestId: string;
  equipmentPlaceholder?: boolean;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <>
      <Form.Item name="provinceCodes" label={t('signing.fields.areas')} rules={[{ required: true, message: t('signing.areasRequired') }]}>
        <Select
          mode="multiple"
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          options={PROVINCES.map((province) => ({ value: province.code, label: province[language] }))}
          placeholder={t('signing.areasPlaceholder')}
          data-testid={areasTestId}
        />
      </Form.Item>
      <Form.Item
        name="equipment"
        label={t('signing.fields.equipment')}
        rules={[{ required: true, whitespace: true, message: t('signing.equipmentRequired') }]}
      >
        <Input.TextArea
          maxLength={SIGNING_EQUIPMENT_MAX}
          showCount
          autoSize={{ minRows: 2, maxRows: 5 }}
          placeholder={equipmentPlaceholder ? t('signing.equipmentPlaceholder') : undefined}
          data-testid={equipmentTestId}
        />
      </Form.Item>
    </>
  );
}
