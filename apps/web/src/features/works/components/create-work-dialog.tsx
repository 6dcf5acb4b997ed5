import { useEffect } from 'react';
import { App, Form, Input, Modal, Segmented } from 'antd';
import { WORK_DESCRIPTION_MAX, WORK_NAME_MAX, WORK_TYPES, type WorkDetail, type WorkType } from '@spatia/contract';
import { useTranslation } from 'react-i18next';
import { useSensitiveWords } from '../../../api/sensitive-words';
import { findSensitiveWords } from '../../../lib/sensitive-words';
import { characterCount, maxCharactersRule } from '../../../lib/text-count';
import { useCreateWork } from '../api/create-work';
import { WorkTypeIcon } from './work-type-icon';

interface CreateValues {
  name: string;
  type: WorkType;
  description?: string;
}

interface CreateWorkDialogProps {
  open: boolean;
  onClose: () => void;
  onCreated: (work: WorkDetail) => void;
  /** The type chosen when the dialog opens (the point-cloud list's "create" link asks for a point cloud). */
  initialType?: WorkType;
}

/** Name, type and description of a new work, with a warning as soon as a sensitive word is typed. */
export function CreateWorkDialog({ open, onClose, onCreated, initialType = 'panorama' }: CreateWorkDialogProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<CreateValues>();
  const create = useCreateWork();
  const loadedWords = useSensitiveWords(open).data;
  const words = loadedWords ?? [];

  // The list can arrive after the first keystrokes: what was already typed is checked again against it.
  useEffect(() => {
    if (!open || !loadedWords) return;
    const typed = (['name', 'description'] as const).filter((field) => form.isFieldTouched(field));
    if (typed.length > 0) form.validateFields(typed).catch(() => undefined);
  }, [open, loadedWords, form]);

  const sensitiveRule = {
    validator: async (_: unknown, value: string | undefined) => {
      const found = findSensitiveWords(value ?? '', words);
      if (found.length > 0) throw new Error(t('works.create.sensitive', { words: found.join('、') }));
    },
  };

  const submit = async (values: CreateValues) => {
    let work: WorkDetail;
    try {
      work = await create.mutateAsync({ name: values.name.trim(), type: values.type, description: values.description?.trim() ?? '' });
    } catch {
      return; // The client showed the server's message.
    }
    void message.success(t('works.create.created'));
    onClose();
    onCreated(work);
  };

  return (
    <Modal
      open={open}
      title={t('works.create.title')}
      okText={t('works.create.submit')}
      cancelText={t('common.actions.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={create.isPending}
      destroyOnHidden
      afterClose={() => form.resetFields()}
    >
      <Form<CreateValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ type: initialType }}
        onFinish={(values) => void submit(values)}
        className="works-create"
      >
        <Form.Item
          name="name"
          label={t('works.create.name')}
          validateFirst
          rules={[
            { required: true, whitespace: true, message: t('works.create.nameRequired') },
            maxCharactersRule(t, WORK_NAME_MAX),
            sensitiveRule,
          ]}
        >
          <Input
            placeholder={t('works.create.namePlaceholder')}
            count={characterCount(WORK_NAME_MAX)}
            autoFocus
            autoComplete="off"
            data-testid="create-work-name"
          />
        </Form.Item>
        <Form.Item name="type" label={t('works.create.type')}>
          <Segmented<WorkType>
            block
            options={WORK_TYPES.map((type) => ({ value: type, icon: <WorkTypeIcon type={type} />, label: t(`works.type.${type}`) }))}
            data-testid="create-work-type"
          />
        </Form.Item>
        <Form.Item
          name="description"
          label={t('works.create.description')}
          rules={[maxCharactersRule(t, WORK_DESCRIPTION_MAX), sensitiveRule]}
          className="works-create__description"
        >
          <Input.TextArea
            placeholder={t('works.create.descriptionPlaceholder')}
            count={characterCount(WORK_DESCRIPTION_MAX)}
            autoSize={{ minRows: 3, maxRows: 6 }}
            data-testid="create-work-description"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
