import { Alert, App, Button, DatePicker, Drawer, Form, Grid, Input, Skeleton, Space, Tabs } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isWorkInReview, type WorkDetail } from '@spatia/contract';
import { LoadFailed } from '../../../components/load-failed';
import { ApiError } from '../../../api/client';
import { useWork } from '../../../api/get-work';
import { useSensitiveWords } from '../../../api/sensitive-words';
import { WorkStatusTag } from '../../../components/work-status-tag';
import {
  diffWork,
  findFormProblems,
  hasChanges,
  useSaveWork,
  workToFormValues,
  type WorkFormProblem,
  type WorkFormValues,
} from '../api/update-work';
import { characterCount } from '../../../lib/text-count';
import { WORK_TEXT_LIMITS, type LimitedField } from '../lib/text-limits';
import { MapPicker } from './map-picker';
import { RentalSection } from './rental-section';
import { SensitiveWordHint } from './sensitive-word-hint';
import { TagEditor } from './tag-editor';
import { WorkTrafficChart } from './work-traffic-chart';
import './work-edit.css';

/** The parts of the drawer that upload: another feature owns them, so the page hands them in. */
export interface WorkEditUploadSlots {
  /** The cover field; its changes take effect at once, not with Save. */
  cover(work: WorkDetail, disabled: boolean): ReactNode;
  /** The Files tab: its label and its content. */
  filesLabel(work: WorkDetail): ReactNode;
  files(work: WorkDetail): ReactNode;
}

interface WorkEditDrawerProps {
  uid: string | null;
  open: boolean;
  onClose(): void;
  uploads: WorkEditUploadSlots;
}

type TabKey = 'details' | 'files' | 'rental' | 'traffic';

const NO_WORDS: readonly string[] = [];

/**
 * Edits a work: name, description, address and position, tags, time range and cover on one tab;
 * its files on the next; the last shows its traffic of the last 30 days. Saves only what changed; asks before closing over unsaved changes; a work
 * in review is shown but not editable, with what to do about it.
 */
export function WorkEditDrawer({ uid, open, onClose, uploads }: WorkEditDrawerProps) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const screens = Grid.useBreakpoint();
  const work = useWork(open ? uid : null);
  const save = useSaveWork(uid ?? '');
  // The form belongs to one work: a drawer switched to another uid starts over.
  const [form, setForm] = useState<{ uid: string; values: WorkFormValues } | null>(null);
  const values = form && form.uid === uid ? form.values : null;
  const setValues = (next: WorkFormValues) => {
    if (uid) setForm({ uid, values: next });
  };
  const [tab, setTab] = useState<TabKey>('details');
  const [saveError, setSaveError] = useState('');
  const words = useSensitiveWords(open).data ?? NO_WORDS;

  // When the drawer opens on a work, the form waits for an answer fetched from then on: a copy cached
  // earlier could be stale, and saving it would undo changes made elsewhere meanwhile. (Set during
  // render so that the very first render after opening already compares with the new time.)
  const openedAt = useRef<{ uid: string | null; at: number }>({ uid: null, at: 0 });
  if (!open) openedAt.current = { uid: null, at: 0 };
  else if (openedAt.current.uid !== uid) openedAt.current = { uid, at: Date.now() };
  const fresh = work.data !== undefined && work.dataUpdatedAt >= openedAt.current.at && !work.isFetching;
  useEffect(() => {
    if (open && uid && values === null && fresh && work.data) setForm({ uid, values: workToFormValues(work.data) });
  }, [open, uid, values, fresh, work.data]);

  const detail = work.data;
  const changes = useMemo(() => (detail && values ? diffWork(detail, values) : null), [detail, values]);
  const problems = useMemo(() => (values ? findFormProblems(values) : []), [values]);
  const dirty = changes !== null && hasChanges(changes);
  const locked = detail ? isWorkInReview(detail.status) : false;

  const reset = () => {
    setForm(null);
    setTab('details');
    setSaveError('');
  };

  const requestClose = () => {
    if (!dirty) {
      onClose();
      return;
    }
    modal.confirm({
      title: t('workEdit.unsaved.title'),
      content: t('workEdit.unsaved.text'),
      okText: t('workEdit.unsaved.discard'),
      okButtonProps: { danger: true },
      cancelText: t('workEdit.unsaved.keep'),
      onOk: onClose,
    });
  };

  const submit = () => {
    if (!changes || !dirty || problems.length > 0 || locked) return;
    setSaveError('');
    save.mutate(changes, {
      onSuccess: (saved) => {
        if (saved) setValues(workToFormValues(saved));
        void message.success(t('workEdit.saved'));
        onClose();
      },
      // The client showed the server's message; it also stays above the form until the next try.
      onError: (error) => setSaveError(error instanceof ApiError ? error.message : ''),
    });
  };

  const body = () => {
    if (!uid) return null;
    if (work.isError && !values) {
      return <LoadFailed title={t('workEdit.loadFailed')} query={work} showMessage={false} />;
    }
    if (!detail || !values) return <Skeleton active paragraph={{ rows: 10 }} />;
    return (
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key as TabKey)}
        items={[
          {
            key: 'details',
            label: t('workEdit.tabs.details'),
            children: (
              <DetailsForm
                work={detail}
                cover={uploads.cover(detail, locked)}
                values={values}
                onChange={setValues}
                problems={problems}
                words={words}
                locked={locked}
                saveError={saveError}
                onDismissError={() => setSaveError('')}
              />
            ),
          },
          {
            key: 'files',
            label: uploads.filesLabel(detail),
            children: uploads.files(detail),
          },
          // Rental details belong to panoramas only (docs/rentals.md).
          ...(detail.type === 'panorama'
            ? [
                {
                  key: 'rental' as const,
                  label: <span data-testid="work-edit-rental-tab">{t('rentalEdit.tab')}</span>,
                  children: <RentalSection work={detail} />,
                },
              ]
            : []),
          {
            key: 'traffic',
            label: <span data-testid="work-edit-traffic-tab">{t('workEdit.tabs.traffic')}</span>,
            children: <WorkTrafficChart uid={detail.uid} />,
          },
        ]}
      />
    );
  };

  return (
    <Drawer
      open={open}
      onClose={requestClose}
      afterOpenChange={(visible) => {
        if (!visible) reset();
      }}
      size={screens.md ? 720 : '100%'}
      destroyOnHidden
      title={
        <span className="work-edit__title">
          <span>{t('workEdit.title')}</span>
          {detail && <span className="work-edit__title-name">{detail.name}</span>}
        </span>
      }
      extra={detail ? <WorkStatusTag status={detail.status} /> : null}
      footer={
        <div className="work-edit__footer">
          <span className="work-edit__footer-note" data-testid="work-edit-state">
            {locked ? t('workEdit.footer.locked') : dirty ? t('workEdit.footer.unsaved') : t('workEdit.footer.noChanges')}
          </span>
          <Space>
            <Button onClick={requestClose} data-testid="work-edit-cancel">
              {dirty ? t('common.actions.cancel') : t('workEdit.close')}
            </Button>
            <Button
              type="primary"
              onClick={submit}
              loading={save.isPending}
              disabled={!dirty || problems.length > 0 || locked}
              data-testid="work-edit-save"
            >
              {t('common.actions.save')}
            </Button>
          </Space>
        </div>
      }
      className="work-edit"
      data-testid="work-edit-drawer"
    >
      {body()}
    </Drawer>
  );
}

interface DetailsFormProps {
  work: WorkDetail;
  cover: ReactNode;
  values: WorkFormValues;
  onChange: (values: WorkFormValues) => void;
  problems: WorkFormProblem[];
  words: readonly string[];
  locked: boolean;
  saveError: string;
  onDismissError: () => void;
}

function DetailsForm({ work, cover, values, onChange, problems, words, locked, saveError, onDismissError }: DetailsFormProps) {
  const { t } = useTranslation();
  const set = <K extends keyof WorkFormValues>(key: K, value: WorkFormValues[K]) => onChange({ ...values, [key]: value });
  const problemOf = (field: WorkFormProblem['field']) => problems.find((problem) => problem.field === field);

  const textHelp = (field: LimitedField & keyof WorkFormValues) => {
    const problem = problemOf(field);
    const text = values[field];
    return (
      <>
        {problem && (
          <div role="alert" data-testid={`${field}-problem`}>
            {t(`workEdit.problems.${problem.problem}`, { max: WORK_TEXT_LIMITS[field] })}
          </div>
        )}
        <SensitiveWordHint text={text} words={words} testId={`${field}-sensitive`} />
      </>
    );
  };

  /** A limited text field: its count, its problems and its sensitive-word hint under it. */
  const textField = (field: LimitedField & keyof WorkFormValues, { required = false, multiline = false } = {}) => {
    const input = {
      id: `work-edit-${field}`,
      value: values[field],
      onChange: (event: { target: { value: string } }) => set(field, event.target.value),
      count: characterCount(WORK_TEXT_LIMITS[field]),
      placeholder: t(`workEdit.placeholders.${field}`),
      'data-testid': `work-edit-${field}`,
    };
    return (
      <Form.Item
        label={t(`workEdit.fields.${field}`)}
        required={required}
        validateStatus={problemOf(field) ? 'error' : undefined}
        help={textHelp(field)}
        htmlFor={input.id}
      >
        {multiline ? <Input.TextArea {...input} autoSize={{ minRows: 3, maxRows: 8 }} /> : <Input {...input} />}
      </Form.Item>
    );
  };

  const timeProblem = problemOf('time');
  const range: [Dayjs | null, Dayjs | null] = [
    values.startTime === null ? null : dayjs(values.startTime),
    values.endTime === null ? null : dayjs(values.endTime),
  ];

  return (
    <Form layout="vertical" className="work-edit__form" component="div" disabled={locked} requiredMark={false}>
      <ReviewNotice work={work} />
      {saveError && (
        <Alert
          type="error"
          showIcon
          title={saveError}
          closable={{ onClose: onDismissError }}
          className="work-edit__alert"
          data-testid="work-edit-error"
        />
      )}
      <Form.Item label={t('workEdit.fields.cover')}>{cover}</Form.Item>
      {textField('name', { required: true })}
      {textField('description', { multiline: true })}
      <Form.Item label={t('workEdit.fields.tags')}>
        <TagEditor tags={values.tags} onChange={(tags) => set('tags', tags)} disabled={locked} sensitiveWords={words} />
      </Form.Item>
      {textField('address')}
      <Form.Item
        label={t('workEdit.fields.location')}
        extra={t('workEdit.map.help')}
        validateStatus={problemOf('location') ? 'error' : undefined}
      >
        <MapPicker value={values.location} onChange={(location) => set('location', location)} disabled={locked} />
      </Form.Item>
      <Form.Item
        label={t('workEdit.fields.time')}
        validateStatus={timeProblem ? 'error' : undefined}
        help={timeProblem ? t('workEdit.problems.endBeforeStart') : t('workEdit.timeHelp')}
      >
        <DatePicker.RangePicker
          value={range}
          showTime={{ format: 'HH:mm' }}
          format="YYYY-MM-DD HH:mm"
          allowEmpty={[true, true]}
          onChange={(next) =>
            onChange({ ...values, startTime: next?.[0] ? next[0].valueOf() : null, endTime: next?.[1] ? next[1].valueOf() : null })
          }
          className="work-edit__range"
          data-testid="work-edit-time"
        />
      </Form.Item>
    </Form>
  );
}

/** Why the form is locked, or what a change will do to a reviewed work; a reviewer's note if any. */
function ReviewNotice({ work }: { work: WorkDetail }) {
  const { t } = useTranslation();
  if (work.status === 'unaudited' || work.status === 'underReview') {
    const step = work.status === 'unaudited' ? 'waiting' : 'reviewing';
    return (
      <Alert
        type="warning"
        showIcon
        title={t(`workEdit.review.${step}Title`)}
        description={t(`workEdit.review.${step}Text`)}
        className="work-edit__alert"
        data-testid="work-edit-review"
      />
    );
  }
  if (work.status === 'notPassed' && work.reviewNote) {
    return (
      <Alert type="error" showIcon title={t('workEdit.review.rejectedTitle')} description={work.reviewNote} className="work-edit__alert" />
    );
  }
  if (work.status === 'passed' || work.status === 'exposed') {
    return <Alert type="info" showIcon title={t('workEdit.review.reReview')} className="work-edit__alert" />;
  }
  return null;
}
