import { DeleteOutlined, EditOutlined, MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import {
  App,
  Button,
  Checkbox,
  Drawer,
  Form,
  Input,
  InputNumber,
  Popconfirm,
  Space,
  Switch,
  Table,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';
import {
  MEMBERSHIP_MONTHLY_PRICE_MAX_FEN,
  MEMBERSHIP_PRICE_TAG_LABEL_MAX,
  MEMBERSHIP_PRICE_TAG_VALUE_MAX,
  MEMBERSHIP_PRICE_TAGS_MAX,
  MEMBERSHIP_TRIAL_DAYS_MAX,
  MEMBERSHIP_VERSION_NAME_MAX,
  type AdminMembershipVersion,
  type AdminMembershipVersionInput,
} from '@spatia/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { actionsColumn } from '../../../components/actions-column';
import { formatYuan } from '../../../lib/format';
import { characterCount, maxCharactersRule } from '../../../lib/text-count';
import { usePermissionCatalogue, useRemoveVersion, useSaveVersion, useAdminVersions } from '../api/admin';
import './membership.css';

interface VersionFormValues extends Omit<AdminMembershipVersionInput, 'monthlyPriceFen'> {
  /** Yuan in the form; fen on the wire. */
  monthlyPriceYuan: number;
}

const EMPTY_VERSION: VersionFormValues = {
  identityNameZh: '',
  identityNameEn: '',
  priceTags: [],
  groupCodes: [],
  monthlyPriceYuan: 0,
  trialDays: 30,
  sortOrder: 0,
  visible: true,
};

function toFormValues(version: AdminMembershipVersion): VersionFormValues {
  const { monthlyPriceFen, ...rest } = version;
  return { ...rest, monthlyPriceYuan: monthlyPriceFen / 100 };
}

/** The back office's versions editor: every version (hidden too), created and changed in a drawer. */
export function AdminVersionsEditor() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const versions = useAdminVersions();
  const catalogue = usePermissionCatalogue();
  const remove = useRemoveVersion();
  const [editing, setEditing] = useState<AdminMembershipVersion | 'new'>();
  const groupName = new Map((catalogue.data ?? []).map((group) => [group.groupCode, group.groupName]));
  const groupOrder = new Map((catalogue.data ?? []).map((group, index) => [group.groupCode, index]));
  const nameOf = (version: AdminMembershipVersion) => (i18n.language === 'en' ? version.identityNameEn : version.identityNameZh);

  const columns: TableColumnsType<AdminMembershipVersion> = [
    {
      title: t('membership.admin.columns.name'),
      key: 'name',
      render: (_, version) => (
        <div>
          <div>{nameOf(version)}</div>
          <Typography.Text type="secondary">{i18n.language === 'en' ? version.identityNameZh : version.identityNameEn}</Typography.Text>
        </div>
      ),
    },
    {
      title: t('membership.admin.columns.priceTags'),
      key: 'priceTags',
      render: (_, version) => (
        <Space size={[4, 4]} wrap className="membership-admin__tag-list">
          {version.priceTags.map((tag, index) => (
            <Tag key={index}>
              {t('membership.priceTag', { label: i18n.language === 'en' ? tag.labelEn : tag.labelZh, value: tag.value })}
            </Tag>
          ))}
        </Space>
      ),
    },
    {
      title: t('membership.admin.columns.groups'),
      key: 'groups',
      render: (_, version) => (
        <Space size={[4, 4]} wrap className="membership-admin__tag-list">
          {[...version.groupCodes]
            .sort((a, b) => (groupOrder.get(a) ?? Infinity) - (groupOrder.get(b) ?? Infinity))
            .map((code) => (
              <Tag key={code} color="blue">
                {groupName.get(code) ?? code}
              </Tag>
            ))}
        </Space>
      ),
    },
    { title: t('membership.admin.columns.monthlyPrice'), dataIndex: 'monthlyPriceFen', render: (fen: number) => formatYuan(fen) },
    {
      title: t('membership.admin.columns.trialDays'),
      dataIndex: 'trialDays',
      render: (days: number) => t('membership.admin.days', { count: days }),
    },
    { title: t('membership.admin.columns.sortOrder'), dataIndex: 'sortOrder' },
    {
      title: t('membership.admin.columns.visible'),
      dataIndex: 'visible',
      render: (visible: boolean) => (
        <Tag color={visible ? 'green' : 'default'}>{visible ? t('membership.admin.shown') : t('membership.admin.notShown')}</Tag>
      ),
    },
    {
      title: t('membership.admin.columns.usage'),
      key: 'usage',
      render: (_, version) => `${version.activeMembers} / ${version.pendingApplications}`,
    },
    actionsColumn<AdminMembershipVersion>(t('membership.admin.columns.actions'), (version) => (
      <Space size={4}>
        <Button size="small" icon={<EditOutlined />} onClick={() => setEditing(version)}>
          {t('membership.admin.edit')}
        </Button>
        <Popconfirm
          title={t('membership.admin.removeConfirm', { name: nameOf(version) })}
          okText={t('membership.admin.remove')}
          cancelText={t('common.actions.cancel')}
          okButtonProps={{ danger: true }}
          onConfirm={() =>
            void remove
              .mutateAsync(version.id)
              .then(
                ({ outcome }) => void message.success(t(outcome === 'deleted' ? 'membership.admin.removed' : 'membership.admin.hidden')),
              )
              .catch(() => undefined)
          }
        >
          <Button size="small" danger icon={<DeleteOutlined />}>
            {t('membership.admin.remove')}
          </Button>
        </Popconfirm>
      </Space>
    )),
  ];

  return (
    <>
      <div className="membership-admin__toolbar">
        <span />
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="version-create">
          {t('membership.admin.create')}
        </Button>
      </div>
      <Table
        rowKey="id"
        columns={columns}
        dataSource={versions.data ?? []}
        loading={versions.isPending}
        pagination={false}
        data-testid="admin-versions"
      />
      <VersionDrawer editing={editing} onClose={() => setEditing(undefined)} />
    </>
  );
}

function VersionDrawer({ editing, onClose }: { editing: AdminMembershipVersion | 'new' | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<VersionFormValues>();
  const catalogue = usePermissionCatalogue();
  const save = useSaveVersion();
  const required = { required: true, whitespace: true, message: t('membership.admin.form.required') };
  const versionNameLimit = maxCharactersRule(t, MEMBERSHIP_VERSION_NAME_MAX);
  const tagLabelLimit = maxCharactersRule(t, MEMBERSHIP_PRICE_TAG_LABEL_MAX);
  const tagValueLimit = maxCharactersRule(t, MEMBERSHIP_PRICE_TAG_VALUE_MAX);

  useEffect(() => {
    if (!editing) return;
    form.resetFields();
    form.setFieldsValue(editing === 'new' ? EMPTY_VERSION : toFormValues(editing));
  }, [editing, form]);

  const submit = async () => {
    const { monthlyPriceYuan, ...values } = await form.validateFields();
    const input: AdminMembershipVersionInput = {
      ...values,
      priceTags: values.priceTags ?? [],
      groupCodes: values.groupCodes ?? [],
      sortOrder: values.sortOrder ?? 0,
      monthlyPriceFen: Math.round(monthlyPriceYuan * 100),
    };
    save.mutate(
      { id: editing === 'new' ? undefined : editing?.id, input },
      {
        onSuccess: () => {
          void message.success(t('membership.admin.saved'));
          onClose();
        },
      },
    );
  };

  return (
    <Drawer
      open={editing !== undefined}
      onClose={onClose}
      size={560}
      destroyOnHidden
      title={
        editing === 'new' || !editing
          ? t('membership.admin.form.createTitle')
          : t('membership.admin.form.editTitle', { name: editing.identityNameZh })
      }
      footer={
        <Space style={{ float: 'right' }}>
          <Button onClick={onClose}>{t('membership.admin.form.cancel')}</Button>
          <Button type="primary" loading={save.isPending} onClick={() => void submit().catch(() => undefined)} data-testid="version-save">
            {t('membership.admin.form.save')}
          </Button>
        </Space>
      }
    >
      <Form form={form} layout="vertical" data-testid="version-form">
        <div className="membership-dialog__row">
          <Form.Item name="identityNameZh" label={t('membership.admin.form.identityNameZh')} rules={[required, versionNameLimit]}>
            <Input count={characterCount(MEMBERSHIP_VERSION_NAME_MAX)} />
          </Form.Item>
          <Form.Item name="identityNameEn" label={t('membership.admin.form.identityNameEn')} rules={[required, versionNameLimit]}>
            <Input count={characterCount(MEMBERSHIP_VERSION_NAME_MAX)} />
          </Form.Item>
        </div>
        <Form.Item label={t('membership.admin.form.priceTags')}>
          <Form.List name="priceTags">
            {(fields, { add, remove }) => (
              <div className="membership-admin__tags">
                {fields.map((field) => (
                  <div key={field.key} className="membership-admin__tag-row">
                    <Form.Item name={[field.name, 'labelZh']} rules={[required, tagLabelLimit]}>
                      <Input placeholder={t('membership.admin.form.labelZh')} count={characterCount(MEMBERSHIP_PRICE_TAG_LABEL_MAX)} />
                    </Form.Item>
                    <Form.Item name={[field.name, 'labelEn']} rules={[required, tagLabelLimit]}>
                      <Input placeholder={t('membership.admin.form.labelEn')} count={characterCount(MEMBERSHIP_PRICE_TAG_LABEL_MAX)} />
                    </Form.Item>
                    <Form.Item name={[field.name, 'value']} rules={[required, tagValueLimit]}>
                      <Input placeholder={t('membership.admin.form.value')} count={characterCount(MEMBERSHIP_PRICE_TAG_VALUE_MAX)} />
                    </Form.Item>
                    <Button
                      type="text"
                      icon={<MinusCircleOutlined />}
                      aria-label={t('membership.admin.form.removeTag')}
                      onClick={() => remove(field.name)}
                    />
                  </div>
                ))}
                {fields.length < MEMBERSHIP_PRICE_TAGS_MAX && (
                  <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ labelZh: '', labelEn: '', value: '' })}>
                    {t('membership.admin.form.addTag')}
                  </Button>
                )}
              </div>
            )}
          </Form.List>
        </Form.Item>
        <Form.Item name="groupCodes" label={t('membership.admin.form.groupCodes')}>
          <Checkbox.Group options={(catalogue.data ?? []).map((group) => ({ value: group.groupCode, label: group.groupName }))} />
        </Form.Item>
        <div className="membership-dialog__row">
          <Form.Item
            name="monthlyPriceYuan"
            label={t('membership.admin.form.monthlyPriceYuan')}
            rules={[{ required: true, message: t('membership.admin.form.required') }]}
          >
            <InputNumber min={0} max={MEMBERSHIP_MONTHLY_PRICE_MAX_FEN / 100} precision={2} prefix="¥" style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item
            name="trialDays"
            label={t('membership.admin.form.trialDays')}
            extra={t('membership.admin.form.trialDaysHint')}
            rules={[{ required: true, message: t('membership.admin.form.required') }]}
          >
            <InputNumber min={0} max={MEMBERSHIP_TRIAL_DAYS_MAX} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </div>
        <div className="membership-dialog__row">
          <Form.Item name="sortOrder" label={t('membership.admin.form.sortOrder')}>
            <InputNumber precision={0} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="visible" label={t('membership.admin.form.visible')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </div>
      </Form>
    </Drawer>
  );
}
