import { DesktopOutlined, HistoryOutlined, MobileOutlined } from '@ant-design/icons';
import { Alert, App, Button, Drawer, Form, Segmented, Skeleton, Space, Tabs, Tag, Timeline } from 'antd';
import {
  SITE_PAGE_SPECS,
  siteContentProblem,
  type Language,
  type SitePageContent,
  type SitePageEditorState,
  type SitePageKind,
} from '@spatia/contract';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format';
import { useDiscardDraft, usePublishDraft, useRestoreVersion, useSaveDraft, useSitePageEditor, useSitePageVersion } from '../api/admin';
import { namePathOf, problemMessage } from '../lib/content-fields';
import { FieldTree } from './content-form';
import type { PageVariant } from './marketing-page';
import { SitePagePreview } from './site-page-preview';
import type { ComparedVersion } from './version-comparison';
import './site-page-editor.css';

interface SitePageEditorProps {
  kind: SitePageKind;
  versions: readonly ComparedVersion[];
  servicePhone: string;
}

const DATE_TIME = 'YYYY-MM-DD HH:mm';

/**
 * One page's editor (docs/site-pages.md): the form of its structure per language on the left, the real page
 * rendering what the form holds on the right (desktop or 390 px, either language). Save keeps a draft;
 * Publish, after a confirmation, makes the saved draft the live version; the history restores an earlier
 * version as the draft.
 */
export function SitePageEditor({ kind, versions, servicePhone }: SitePageEditorProps) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const editor = useSitePageEditor(kind);
  const [form] = Form.useForm<SitePageContent>();
  const [content, setContent] = useState<SitePageContent>();
  const [dirty, setDirty] = useState(false);
  const [language, setLanguage] = useState<Language>('zh');
  const [variant, setVariant] = useState<PageVariant>('desktop');
  const [historyOpen, setHistoryOpen] = useState(false);
  const [viewing, setViewing] = useState<number>();
  const viewed = useSitePageVersion(kind, viewing);
  const save = useSaveDraft();
  const publish = usePublishDraft();
  const restore = useRestoreVersion();
  const discard = useDiscardDraft();
  const state = editor.data;

  /** The form follows the server's draft (or the live content) whenever that changes under it. */
  const load = (next: SitePageEditorState) => {
    const start = next.draft?.content ?? next.live.content;
    form.setFieldsValue(structuredClone(start));
    setContent(structuredClone(start));
    setDirty(false);
  };
  const stateKey = state && `${state.draft?.version ?? 'live'}:${state.draft?.editedAt ?? state.live.version}`;
  useEffect(() => {
    if (state) load(state);
    // Reloaded only when the draft or the live version changed, not on every refetch of the same state.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [stateKey]);

  const saveDraft = async (): Promise<SitePageEditorState | undefined> => {
    if (!state) return undefined;
    const values = form.getFieldsValue(true) as SitePageContent;
    const problem = siteContentProblem(kind, values);
    if (problem) {
      const { key, values: params } = problemMessage(problem);
      const namePath = namePathOf(problem.path);
      setLanguage(namePath[0] === 'en' ? 'en' : 'zh');
      form.setFields([{ name: namePath as never, errors: [t(key, params)] }]);
      void message.error(t('sitePages.editor.fixProblems'));
      return undefined;
    }
    const saved = await save.mutateAsync({ kind, content: values, draftVersion: state.draft?.version ?? null });
    void message.success(t('sitePages.editor.saved', { version: saved.draft?.version }));
    load(saved);
    return saved;
  };

  const confirmPublish = async () => {
    const current = dirty || !state?.draft ? await saveDraft() : state;
    const draft = current?.draft;
    if (!draft) return;
    modal.confirm({
      title: t('sitePages.editor.publishTitle', { version: draft.version }),
      content: t('sitePages.editor.publishText', { live: current.live.version }),
      okText: t('sitePages.editor.publish'),
      cancelText: t('common.actions.cancel'),
      okButtonProps: { 'data-testid': 'site-page-publish-confirm' },
      onOk: async () => {
        const published = await publish.mutateAsync({ kind, draftVersion: draft.version });
        void message.success(t('sitePages.editor.published', { version: published.live.version }));
        load(published);
      },
    });
  };

  const restoreVersion = (version: number) =>
    void modal.confirm({
      title: t('sitePages.editor.restoreTitle', { version }),
      content: t('sitePages.editor.restoreText'),
      okText: t('sitePages.editor.restore'),
      cancelText: t('common.actions.cancel'),
      okButtonProps: { 'data-testid': 'site-page-restore-confirm' },
      onOk: async () => {
        const restored = await restore.mutateAsync({ kind, version });
        void message.success(t('sitePages.editor.restored', { version, draft: restored.draft?.version }));
        setHistoryOpen(false);
        setViewing(undefined);
        load(restored);
      },
    });

  const discardDraft = () =>
    void modal.confirm({
      title: t('sitePages.editor.discardTitle'),
      okText: t('sitePages.editor.discard'),
      okButtonProps: { danger: true },
      cancelText: t('common.actions.cancel'),
      onOk: async () => load(await discard.mutateAsync(kind)),
    });

  const previewContent = useMemo(() => {
    const source = viewing !== undefined ? viewed.data : content;
    return source?.[language];
  }, [viewing, viewed.data, content, language]);

  if (editor.isPending) return <Skeleton active />;
  if (editor.isError || !state) return <Alert type="error" showIcon title={t('sitePages.editor.loadFailed')} />;

  return (
    <div className="site-editor" data-testid="site-page-editor" data-kind={kind}>
      <div className="site-editor__bar">
        <Space wrap>
          <Tag color="green" data-testid="site-page-live-version">
            {t('sitePages.editor.liveVersion', { version: state.live.version })}
          </Tag>
          {state.draft ? (
            <Tag color="gold" data-testid="site-page-draft-version">
              {t('sitePages.editor.draftVersion', { version: state.draft.version })}
            </Tag>
          ) : (
            <Tag>{t('sitePages.editor.noDraft')}</Tag>
          )}
          {dirty && <Tag color="orange">{t('sitePages.editor.unsaved')}</Tag>}
        </Space>
        <Space wrap>
          <Button icon={<HistoryOutlined />} onClick={() => setHistoryOpen(true)} data-testid="site-page-history">
            {t('sitePages.editor.history')}
          </Button>
          {state.draft && (
            <Button onClick={discardDraft} danger data-testid="site-page-discard">
              {t('sitePages.editor.discard')}
            </Button>
          )}
          <Button onClick={() => void saveDraft()} loading={save.isPending} disabled={!dirty} data-testid="site-page-save">
            {t('sitePages.editor.save')}
          </Button>
          <Button type="primary" onClick={() => void confirmPublish()} loading={publish.isPending} data-testid="site-page-publish">
            {t('sitePages.editor.publish')}
          </Button>
        </Space>
      </div>

      <div className="site-editor__columns">
        <Form
          form={form}
          layout="vertical"
          className="site-editor__form"
          onValuesChange={() => {
            setDirty(true);
            setContent(structuredClone(form.getFieldsValue(true) as SitePageContent));
          }}
        >
          <Tabs
            activeKey={language}
            onChange={(key) => setLanguage(key as Language)}
            items={(['zh', 'en'] as const).map((code) => ({
              key: code,
              label: <span data-testid={`site-page-tab-${code}`}>{t(`sitePages.editor.language.${code}`)}</span>,
              forceRender: true,
              children: <FieldTree tree={SITE_PAGE_SPECS[kind]} path={[code]} testId={code} />,
            }))}
          />
        </Form>

        <aside className="site-editor__preview" aria-label={t('sitePages.editor.preview')}>
          <div className="site-editor__preview-bar">
            <Segmented
              value={variant}
              onChange={(value) => setVariant(value as PageVariant)}
              options={[
                { value: 'desktop', icon: <DesktopOutlined />, label: t('sitePages.editor.desktop') },
                { value: 'mobile', icon: <MobileOutlined />, label: t('sitePages.editor.mobile') },
              ]}
            />
            <Segmented
              value={language}
              onChange={(value) => setLanguage(value as Language)}
              options={[
                { value: 'zh', label: t('sitePages.editor.language.zh') },
                { value: 'en', label: t('sitePages.editor.language.en') },
              ]}
            />
          </div>
          {viewing !== undefined && (
            <Alert
              type="info"
              showIcon
              className="site-editor__viewing"
              title={t('sitePages.editor.viewing', { version: viewing })}
              action={
                <Space>
                  <Button size="small" onClick={() => restoreVersion(viewing)}>
                    {t('sitePages.editor.restore')}
                  </Button>
                  <Button size="small" type="text" onClick={() => setViewing(undefined)}>
                    {t('sitePages.editor.backToDraft')}
                  </Button>
                </Space>
              }
            />
          )}
          <div className={`site-editor__frame site-editor__frame--${variant}`} data-testid="site-page-preview">
            {previewContent ? (
              <SitePagePreview
                kind={kind}
                content={previewContent}
                language={language}
                variant={variant}
                versions={versions}
                servicePhone={servicePhone}
              />
            ) : (
              <Skeleton active />
            )}
          </div>
        </aside>
      </div>

      <Drawer open={historyOpen} onClose={() => setHistoryOpen(false)} title={t('sitePages.editor.history')} size={420}>
        <Timeline
          data-testid="site-page-versions"
          items={state.versions.map((item) => ({
            color: item.status === 'draft' ? 'gold' : item.live ? 'green' : 'gray',
            content: (
              <div className="site-editor__version" data-testid="site-page-version" data-version={item.version}>
                <div className="site-editor__version-head">
                  <strong>{t('sitePages.editor.versionNumber', { version: item.version })}</strong>
                  {item.live && <Tag color="green">{t('sitePages.editor.live')}</Tag>}
                  {item.status === 'draft' && <Tag color="gold">{t('sitePages.editor.draft')}</Tag>}
                  {item.restoredFrom !== null && <Tag>{t('sitePages.editor.restoredFrom', { version: item.restoredFrom })}</Tag>}
                </div>
                <p className="site-editor__version-meta">
                  {item.status === 'published'
                    ? item.publishedAt === null
                      ? t('sitePages.editor.shipped')
                      : t('sitePages.editor.publishedBy', {
                          name: item.publishedBy || t('sitePages.editor.someone'),
                          time: formatDate(item.publishedAt, DATE_TIME),
                        })
                    : t('sitePages.editor.editedBy', {
                        name: item.editedBy || t('sitePages.editor.someone'),
                        time: formatDate(item.editedAt, DATE_TIME),
                      })}
                </p>
                {item.status === 'published' && (
                  <Space size={4}>
                    <Button
                      size="small"
                      onClick={() => {
                        setViewing(item.version);
                        setHistoryOpen(false);
                      }}
                    >
                      {t('sitePages.editor.view')}
                    </Button>
                    <Button size="small" onClick={() => restoreVersion(item.version)} data-testid="site-page-restore">
                      {t('sitePages.editor.restore')}
                    </Button>
                  </Space>
                )}
              </div>
            ),
          }))}
        />
      </Drawer>
    </div>
  );
}
