import { Alert, App, Button, Form, Input, Modal, Select, Typography } from 'antd';
import {
  isDefaultPcUserName,
  MEMBERSHIP_COMPANY_NAME_MAX,
  MEMBERSHIP_GRACE_DAYS,
  MEMBERSHIP_PERSON_NAME_MAX,
  MEMBERSHIP_UPLOAD_MAX_BYTES,
} from '@spatia/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatBytes, formatYuan } from '../../../lib/format';
import { characterCount, maxCharactersRule } from '../../../lib/text-count';
import { useSession } from '../../../stores/session-store';
import { useApplyForMembership } from '../api/apply';
import { useMyMembership } from '../api/my-membership';
import { useMembershipVersion, useMembershipVersions } from '../api/versions';
import { firstApplicationProblem } from '../lib/application-checks';
import { applicationBlock, versionStanding } from '../lib/version-standing';
import { ExtraPriceTags } from './extra-price-tags';
import { LicenceUpload, uploadedUrls, uploadingCount, type UploadFile } from './licence-upload';
import { VersionFeaturesModal } from './version-features';
import './membership.css';

interface FormValues {
  companyName?: string;
  name?: string;
  phone?: string;
  versionId?: number;
}

/**
 * The membership registration dialog (spec 2.7): licence images, company name, name and phone (from the
 * session; the phone read-only), the version with its price tags, the fee and a link to the version's
 * features. Confirm runs spec 5's checks in order, each a warning; the server checks again. The version
 * held and the one already applied for cannot be chosen, and while no application is possible (one waits,
 * or the free trial was used) the dialog says so and Confirm is off.
 */
export function MembershipDialog({ open, onClose, versionId }: { open: boolean; onClose: () => void; versionId?: number }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const sessionName = useSession((session) => session.name);
  const sessionPhone = useSession((session) => session.phone);
  const [files, setFiles] = useState<UploadFile[]>([]);
  const [featuresOf, setFeaturesOf] = useState<number>();
  const versions = useMembershipVersions();
  const selectedId = Form.useWatch('versionId', form);
  const detail = useMembershipVersion(selectedId);
  const apply = useApplyForMembership();
  const mine = useMyMembership();
  const block = applicationBlock(mine.data);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    // The registration default is no one's name: the applicant types theirs.
    form.setFieldsValue({ name: isDefaultPcUserName(sessionName) ? '' : sessionName, phone: sessionPhone, versionId });
    setFiles([]);
  }, [open, form, sessionName, sessionPhone, versionId]);

  const confirm = async () => {
    const values = form.getFieldsValue();
    const licenceImages = uploadedUrls(files);
    const problem = firstApplicationProblem({ ...values, licenceImages, uploading: uploadingCount(files) });
    if (problem) {
      void message.warning(t(`membership.checks.${problem}`));
      return;
    }
    try {
      await form.validateFields();
    } catch {
      return;
    }
    apply.mutate(
      {
        versionId: values.versionId!,
        licenceImages,
        companyName: values.companyName!.trim(),
        name: values.name!.trim(),
        phone: values.phone!.trim(),
      },
      {
        onSuccess: () => {
          void message.success(t('membership.dialog.success'));
          onClose();
        },
        // The client has shown the server's message (spec 8); the dialog stays open to correct it.
      },
    );
  };

  const version = detail.data?.id === selectedId ? detail.data : undefined;

  return (
    <Modal
      open={open}
      title={t('membership.dialog.title')}
      onCancel={onClose}
      destroyOnHidden
      width={560}
      className="membership-dialog"
      footer={[
        <Button key="cancel" onClick={onClose} data-testid="membership-cancel">
          {t('membership.dialog.cancel')}
        </Button>,
        <Button
          key="confirm"
          type="primary"
          loading={apply.isPending}
          disabled={block !== null}
          onClick={() => void confirm()}
          data-testid="membership-confirm"
        >
          {t('membership.dialog.confirm')}
        </Button>,
      ]}
    >
      <Typography.Paragraph type="secondary" className="membership-dialog__intro">
        {t('membership.dialog.intro')}
      </Typography.Paragraph>
      {block && (
        <Alert
          type="info"
          showIcon
          title={t(`membership.vip.blocked.${block}`)}
          className="membership-dialog__blocked"
          data-testid="membership-blocked"
        />
      )}
      <Form form={form} layout="vertical" requiredMark className="membership-dialog__form" data-testid="membership-form">
        <Form.Item
          label={t('membership.dialog.licence')}
          required
          extra={t('membership.dialog.licenceHint', { max: formatBytes(MEMBERSHIP_UPLOAD_MAX_BYTES) })}
        >
          <LicenceUpload files={files} onChange={setFiles} />
        </Form.Item>
        <Form.Item
          name="companyName"
          label={t('membership.dialog.companyName')}
          rules={[
            { required: true, whitespace: true, message: t('membership.required.companyName') },
            maxCharactersRule(t, MEMBERSHIP_COMPANY_NAME_MAX),
          ]}
        >
          <Input
            count={characterCount(MEMBERSHIP_COMPANY_NAME_MAX)}
            placeholder={t('membership.dialog.companyNamePlaceholder')}
            data-testid="membership-company"
          />
        </Form.Item>
        <div className="membership-dialog__row">
          <Form.Item
            name="name"
            label={t('membership.dialog.name')}
            rules={[
              { required: true, whitespace: true, message: t('membership.required.name') },
              maxCharactersRule(t, MEMBERSHIP_PERSON_NAME_MAX),
            ]}
          >
            <Input count={characterCount(MEMBERSHIP_PERSON_NAME_MAX)} data-testid="membership-name" />
          </Form.Item>
          <Form.Item
            name="phone"
            label={t('membership.dialog.phone')}
            tooltip={t('membership.dialog.phoneHint')}
            rules={[{ required: true, message: t('membership.required.phone') }]}
          >
            <Input readOnly data-testid="membership-phone" />
          </Form.Item>
        </div>
        <Form.Item
          name="versionId"
          label={t('membership.dialog.version')}
          rules={[{ required: true, message: t('membership.required.version') }]}
        >
          <Select
            placeholder={t('membership.dialog.versionPlaceholder')}
            loading={versions.isPending}
            options={(versions.data ?? []).map((item) => {
              const standing = versionStanding(item.id, mine.data).kind;
              const taken = standing === 'held' || standing === 'pending';
              const mark = standing === 'held' ? 'currentPlan' : 'pendingReview';
              return {
                value: item.id,
                label: taken
                  ? t('membership.dialog.versionMarked', { name: item.identityName, mark: t(`membership.vip.${mark}`) })
                  : item.identityName,
                disabled: taken,
              };
            })}
            data-testid="membership-version"
          />
        </Form.Item>
        {version && (
          <div className="membership-dialog__price" data-testid="membership-price">
            {/* The fee below says the price and the trial; a tag that only repeats them is left out. */}
            <ExtraPriceTags version={version} className="membership-dialog__tags" />
            <Typography.Paragraph type="secondary" className="membership-dialog__fee">
              {version.trialDays > 0
                ? t('membership.dialog.fee', {
                    count: version.trialDays,
                    price: formatYuan(version.monthlyPriceFen),
                    grace: MEMBERSHIP_GRACE_DAYS,
                  })
                : t('membership.dialog.feeNoTrial', { price: formatYuan(version.monthlyPriceFen) })}
            </Typography.Paragraph>
          </div>
        )}
        <Button
          type="link"
          className="membership-dialog__features"
          disabled={!selectedId}
          onClick={() => setFeaturesOf(selectedId)}
          data-testid="membership-view-features"
        >
          {t('membership.dialog.viewFeatures')}
        </Button>
        {/* Every version side by side, with the operator's description of each (docs/site-pages.md). */}
        <Link to="/product#versions" onClick={onClose} className="membership-dialog__compare" data-testid="membership-compare-versions">
          {t('membership.dialog.compareVersions')}
        </Link>
      </Form>
      <VersionFeaturesModal versionId={featuresOf} onClose={() => setFeaturesOf(undefined)} />
    </Modal>
  );
}
