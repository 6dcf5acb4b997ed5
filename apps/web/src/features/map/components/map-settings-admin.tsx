import { App, Button, Card, Form, Input, Skeleton, Typography } from 'antd';
import { MAP_ATTRIBUTION_MAX_LENGTH, MAP_SOURCE_MAX_LENGTH, type MapSettings } from '@spatia/contract';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../../components/load-failed';
import { useAdminMapSettings, useSaveMapSettings } from '../api/map-settings-admin';

/** /admin/mapSettings: a tile service for every map of the site, or none for the bundled basemap. */
export function MapSettingsAdmin() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const settings = useAdminMapSettings();
  const save = useSaveMapSettings();

  if (settings.isPending) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (settings.isError) return <LoadFailed title={t('map.settings.loadFailed')} query={settings} />;

  return (
    <Card className="map-settings">
      <Form<MapSettings>
        layout="vertical"
        initialValues={settings.data}
        onFinish={(values) => save.mutate(values, { onSuccess: () => void message.success(t('map.settings.saved')) })}
      >
        <Form.Item
          name="source"
          label={t('map.settings.source')}
          extra={t('map.settings.sourceHint')}
          rules={[{ type: 'url', message: t('map.settings.sourceInvalid') }]}
        >
          <Input
            maxLength={MAP_SOURCE_MAX_LENGTH}
            allowClear
            placeholder="https://tiles.example.com/style.json"
            data-testid="map-settings-source"
          />
        </Form.Item>
        <Form.Item name="attribution" label={t('map.settings.attribution')} extra={t('map.settings.attributionHint')}>
          <Input maxLength={MAP_ATTRIBUTION_MAX_LENGTH} data-testid="map-settings-attribution" />
        </Form.Item>
        <Typography.Paragraph type="secondary">{t('map.settings.fallback')}</Typography.Paragraph>
        <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="map-settings-save">
          {t('map.settings.save')}
        </Button>
      </Form>
    </Card>
  );
}
