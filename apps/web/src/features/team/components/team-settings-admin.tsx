import { App, Button, Card, Form, InputNumber, Skeleton, Typography } from 'antd';
import { TEAM_PENDING_DAYS_MAX, TEAM_RATE_BASIS_POINTS_MAX, TEAM_RATES_TOTAL_MAX, teamReward } from '@spatia/contract';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../../components/load-failed';
import { formatYuan } from '../../../lib/format';
import { useSaveTeamSettings, useTeamSettings } from '../api/team-api';
import { formatRate } from '../lib/team-display';
import './team.css';

interface SettingsForm {
  firstPercent: number;
  secondPercent: number;
  pendingDays: number;
}

/** The example under the rates: what each level earns of ¥100.00 paid. */
const EXAMPLE_PAID_FEN = 10_000;
const toBasisPoints = (percent: number) => Math.round(percent * 100);

/** /admin/teamSettings: the rates of both levels (edited as percentages, kept in basis points) and the pending window. */
export function TeamSettingsAdmin() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const settings = useTeamSettings();
  const save = useSaveTeamSettings();
  const [form] = Form.useForm<SettingsForm>();
  const firstPercent = Form.useWatch('firstPercent', form);
  const secondPercent = Form.useWatch('secondPercent', form);

  if (settings.isPending) return <Skeleton active paragraph={{ rows: 4 }} />;
  if (settings.isError) return <LoadFailed title={t('team.settings.loadFailed')} query={settings} />;

  const submit = (values: SettingsForm) =>
    save.mutate(
      {
        firstLevelBasisPoints: toBasisPoints(values.firstPercent),
        secondLevelBasisPoints: toBasisPoints(values.secondPercent),
        pendingDays: values.pendingDays,
      },
      { onSuccess: () => void message.success(t('team.settings.saved')) },
    );
  const example =
    typeof firstPercent === 'number' && typeof secondPercent === 'number'
      ? t('team.settings.example', {
          paid: formatYuan(EXAMPLE_PAID_FEN),
          first: formatYuan(teamReward(EXAMPLE_PAID_FEN, toBasisPoints(firstPercent))),
          second: formatYuan(teamReward(EXAMPLE_PAID_FEN, toBasisPoints(secondPercent))),
        })
      : null;
  const percentInput = (testId: string) => (
    <InputNumber<number>
      min={0}
      max={TEAM_RATE_BASIS_POINTS_MAX / 100}
      precision={2}
      step={0.5}
      suffix="%"
      className="team-settings__number"
      data-testid={testId}
    />
  );

  return (
    <Card className="team-settings">
      <Form<SettingsForm>
        form={form}
        layout="vertical"
        initialValues={{
          firstPercent: settings.data.firstLevelBasisPoints / 100,
          secondPercent: settings.data.secondLevelBasisPoints / 100,
          pendingDays: settings.data.pendingDays,
        }}
        onFinish={submit}
      >
        <Form.Item
          name="firstPercent"
          label={t('team.settings.first')}
          extra={t('team.settings.firstHint')}
          rules={[{ required: true, message: t('team.settings.required') }]}
        >
          {percentInput('team-first-rate')}
        </Form.Item>
        <Form.Item
          name="secondPercent"
          label={t('team.settings.second')}
          extra={t('team.settings.secondHint')}
          dependencies={['firstPercent']}
          rules={[
            { required: true, message: t('team.settings.required') },
            ({ getFieldValue }) => ({
              validator: (_rule, value: number | null) => {
                const first = getFieldValue('firstPercent') as number | null;
                if (value === null || first === null) return Promise.resolve();
                if (value > first) return Promise.reject(new Error(t('team.settings.secondAboveFirst')));
                if (toBasisPoints(value) + toBasisPoints(first) > TEAM_RATES_TOTAL_MAX)
                  return Promise.reject(new Error(t('team.settings.totalTooHigh', { max: formatRate(TEAM_RATES_TOTAL_MAX) })));
                return Promise.resolve();
              },
            }),
          ]}
        >
          {percentInput('team-second-rate')}
        </Form.Item>
        {example !== null && (
          <Typography.Paragraph type="secondary" data-testid="team-rates-example">
            {example}
          </Typography.Paragraph>
        )}
        <Form.Item
          name="pendingDays"
          label={t('team.settings.pendingDays')}
          extra={t('team.settings.pendingHint')}
          rules={[{ required: true, message: t('team.settings.required') }]}
        >
          <InputNumber<number>
            min={0}
            max={TEAM_PENDING_DAYS_MAX}
            precision={0}
            suffix={t('team.settings.days')}
            className="team-settings__number"
            data-testid="team-pending-days"
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="team-settings-save">
          {t('team.settings.save')}
        </Button>
      </Form>
    </Card>
  );
}
