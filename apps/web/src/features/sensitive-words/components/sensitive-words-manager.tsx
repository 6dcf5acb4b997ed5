import { DeleteOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { App, Button, Empty, Input, Popconfirm, Table, Typography, type TableColumnsType } from 'antd';
import type { SensitiveWordEntry } from '@spatia/contract';
import { useEffect, useState, type HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { actionsColumn } from '../../../components/actions-column';
import { LoadFailed } from '../../../components/load-failed';
import { formatDate } from '../../../lib/format';
import { useRemoveSensitiveWords, useSensitiveWordPage } from '../api/sensitive-words-admin';
import { AddWordsDialog } from './add-words-dialog';
import { ImportWordsDialog } from './import-words-dialog';
import './sensitive-words.css';

const DEFAULT_PAGE_SIZE = 20;

/** The back office's list: search, pages, add, import, and remove one word or the selected ones (both confirmed). */
export function SensitiveWordsManager() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const [search, setSearch] = useState('');
  const [pageNum, setPageNum] = useState(1);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const [selected, setSelected] = useState<string[]>([]);
  const [dialog, setDialog] = useState<'add' | 'import' | null>(null);
  const page = useSensitiveWordPage({ q: search, pageNum, pageSize });
  const remove = useRemoveSensitiveWords();
  const rows = page.data?.list ?? [];
  const total = page.data?.total ?? 0;

  // Removing the last rows of the last page: show the page before it.
  useEffect(() => {
    if (page.data && page.data.list.length === 0 && page.data.total > 0 && pageNum > 1) setPageNum(Math.ceil(page.data.total / pageSize));
  }, [page.data, pageNum, pageSize]);

  const removeWords = async (words: string[]) => {
    try {
      const result = await remove.mutateAsync(words);
      void message.success(t('sensitiveWords.removed', { count: result.removed.length }));
      setSelected((current) => current.filter((word) => !words.includes(word)));
    } catch {
      // The client showed the server's message.
    }
  };

  const confirmRemoveSelected = () => {
    modal.confirm({
      title: t('sensitiveWords.removeSelectedTitle', { count: selected.length }),
      content: (
        <div className="sensitive-words__confirm-list">
          <Typography.Paragraph>{selected.slice(0, 30).join('、') + (selected.length > 30 ? '…' : '')}</Typography.Paragraph>
          <Typography.Text type="secondary">{t('sensitiveWords.removeHint')}</Typography.Text>
        </div>
      ),
      okText: t('sensitiveWords.remove'),
      okButtonProps: { danger: true },
      cancelText: t('common.actions.cancel'),
      onOk: () => removeWords(selected),
    });
  };

  const columns: TableColumnsType<SensitiveWordEntry> = [
    {
      key: 'word',
      title: t('sensitiveWords.columns.word'),
      render: (_, entry) => <span className="sensitive-words__word">{entry.word}</span>,
    },
    {
      key: 'createdAt',
      title: t('sensitiveWords.columns.createdAt'),
      width: 180,
      render: (_, entry) => formatDate(entry.createdAt, 'YYYY-MM-DD HH:mm'),
    },
    actionsColumn<SensitiveWordEntry>(t('sensitiveWords.columns.actions'), (entry) => (
      <Popconfirm
        title={t('sensitiveWords.removeTitle', { word: entry.word })}
        description={t('sensitiveWords.removeHint')}
        okText={t('sensitiveWords.remove')}
        okButtonProps={{ danger: true, 'data-testid': 'sensitive-word-remove-confirm' }}
        cancelText={t('common.actions.cancel')}
        onConfirm={() => void removeWords([entry.word])}
      >
        <Button type="link" danger size="small" data-testid="sensitive-word-remove">
          {t('sensitiveWords.remove')}
        </Button>
      </Popconfirm>
    )),
  ];

  if (page.isError && !page.data) {
    return <LoadFailed title={t('sensitiveWords.loadFailed')} query={page} />;
  }

  const empty = search ? (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={t('sensitiveWords.emptySearch', { q: search })}
      data-testid="sensitive-words-empty"
    />
  ) : (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('sensitiveWords.empty')} data-testid="sensitive-words-empty">
      <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog('add')}>
        {t('sensitiveWords.add')}
      </Button>
    </Empty>
  );

  return (
    <div className="sensitive-words" data-testid="sensitive-words">
      <div className="sensitive-words__toolbar">
        <Input.Search
          className="sensitive-words__search"
          placeholder={t('sensitiveWords.searchPlaceholder')}
          aria-label={t('sensitiveWords.searchPlaceholder')}
          allowClear
          maxLength={50}
          onSearch={(value) => {
            setSearch(value.trim());
            setPageNum(1);
          }}
          data-testid="sensitive-words-search"
        />
        <Typography.Text type="secondary" data-testid="sensitive-words-total">
          {page.data ? t('sensitiveWords.total', { count: total }) : ''}
        </Typography.Text>
        <div className="sensitive-words__actions">
          <Button
            danger
            icon={<DeleteOutlined />}
            disabled={selected.length === 0}
            onClick={confirmRemoveSelected}
            data-testid="sensitive-words-remove-selected"
          >
            {t('sensitiveWords.removeSelected', { count: selected.length })}
          </Button>
          <Button icon={<UploadOutlined />} onClick={() => setDialog('import')} data-testid="sensitive-words-import">
            {t('sensitiveWords.import')}
          </Button>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog('add')} data-testid="sensitive-words-add">
            {t('sensitiveWords.add')}
          </Button>
        </div>
      </div>
      <Table<SensitiveWordEntry>
        rowKey="word"
        columns={columns}
        dataSource={rows}
        loading={page.isFetching}
        size="middle"
        locale={{ emptyText: page.isPending ? ' ' : empty }}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)), preserveSelectedRowKeys: true }}
        pagination={{
          current: pageNum,
          pageSize,
          total,
          showSizeChanger: true,
          pageSizeOptions: [20, 50, 100],
          hideOnSinglePage: false,
          onChange: (next, size) => {
            setPageNum(size === pageSize ? next : 1);
            setPageSize(size);
          },
        }}
        onRow={(entry) => ({ 'data-testid': 'sensitive-word-row', 'data-word': entry.word }) as HTMLAttributes<HTMLElement>}
      />
      <AddWordsDialog open={dialog === 'add'} onClose={() => setDialog(null)} />
      <ImportWordsDialog open={dialog === 'import'} onClose={() => setDialog(null)} />
    </div>
  );
}
