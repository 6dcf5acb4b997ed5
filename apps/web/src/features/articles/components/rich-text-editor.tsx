import {
  BoldOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  PictureOutlined,
  RedoOutlined,
  UndoOutlined,
  UnorderedListOutlined,
  VideoCameraOutlined,
} from '@ant-design/icons';
import { mergeAttributes, Node } from '@tiptap/core';
import Image from '@tiptap/extension-image';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { App, Button, Divider, Input, Modal, Progress, Tooltip, Upload } from 'antd';
import { ARTICLE_IMAGE_MAX_BYTES, ARTICLE_VIDEO_MAX_BYTES, type ArticleNode } from '@spatia/contract';
import { useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { UPLOAD_IMAGE_TYPES } from '../../../api/post-image';
import { formatBytes } from '../../../lib/format';
import { uploadArticleImage, uploadArticleVideo } from '../api/articles';
import './rich-text-editor.css';

const VIDEO_TYPES = ['video/mp4', 'video/webm'];
const SAFE_LINK = /^(?:https?:\/\/|mailto:|tel:|\/(?!\/)|#)\S*$/i;

/** A video block: an upload of ours or an https link, played with the browser's controls. */
const Video = Node.create({
  name: 'video',
  group: 'block',
  atom: true,
  draggable: true,
  addAttributes() {
    return { src: { default: null } };
  },
  parseHTML() {
    return [{ tag: 'video[src]' }];
  },
  renderHTML({ HTMLAttributes }) {
    return ['video', mergeAttributes(HTMLAttributes, { controls: 'true', preload: 'metadata' })];
  },
});

/** What the editor offers (the server renders the same kinds, docs/articles.md). */
const EXTENSIONS = [
  StarterKit.configure({
    heading: { levels: [2, 3] },
    code: false,
    codeBlock: false,
    horizontalRule: false,
    strike: false,
    link: { openOnClick: false, autolink: true, defaultProtocol: 'https', protocols: ['http', 'https', 'mailto', 'tel'] },
  }),
  Image.configure({ allowBase64: false }),
  Video,
];

interface UploadState {
  name: string;
  percent: number;
}

/**
 * The article's body in Tiptap: headings, bold and italic, lists, quotes, links, images (pasted, dropped
 * or chosen: uploaded first, with their progress shown, then placed), videos (uploaded or linked), undo
 * and redo. It reports the document as Tiptap's JSON, which the server renders and sanitises.
 */
export function RichTextEditor({ initial, onChange }: { initial: ArticleNode; onChange: (document: ArticleNode) => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [upload, setUpload] = useState<UploadState | null>(null);
  const editorRef = useRef<Editor | null>(null);

  const insertImages = async (files: File[], position?: number) => {
    for (const file of files) {
      if (!(UPLOAD_IMAGE_TYPES as readonly string[]).includes(file.type)) {
        void message.error(t('articles.editor.imageType'));
        continue;
      }
      if (file.size > ARTICLE_IMAGE_MAX_BYTES) {
        void message.error(t('articles.editor.imageTooLarge', { size: formatBytes(ARTICLE_IMAGE_MAX_BYTES) }));
        continue;
      }
      setUpload({ name: file.name, percent: 0 });
      try {
        const src = await uploadArticleImage(file, (percent) => setUpload({ name: file.name, percent }));
        const editor = editorRef.current;
        if (!editor) return;
        const chain = editor.chain().focus();
        (position === undefined ? chain : chain.setTextSelection(position)).setImage({ src, alt: file.name.replace(/\.[^.]+$/, '') }).run();
      } catch {
        // The client has shown the server's message.
      } finally {
        setUpload(null);
      }
    }
  };

  const imagesOf = (list: FileList | null | undefined) => [...(list ?? [])].filter((file) => file.type.startsWith('image/'));

  const editor = useEditor({
    extensions: EXTENSIONS,
    content: initial,
    immediatelyRender: true,
    editorProps: {
      attributes: {
        class: 'article-content rich-text-editor__content',
        'aria-label': t('articles.editor.fields.content'),
        'data-testid': 'article-editor',
      },
      handlePaste: (_view, event) => {
        const images = imagesOf(event.clipboardData?.files);
        if (images.length === 0) return false;
        event.preventDefault();
        void insertImages(images);
        return true;
      },
      handleDrop: (view, event, _slice, moved) => {
        const images = moved ? [] : imagesOf(event.dataTransfer?.files);
        if (images.length === 0) return false;
        event.preventDefault();
        const position = view.posAtCoords({ left: event.clientX, top: event.clientY })?.pos;
        void insertImages(images, position);
        return true;
      },
    },
    onUpdate: ({ editor: changed }) => onChange(changed.getJSON() as ArticleNode),
  });
  editorRef.current = editor;

  return (
    <div className="rich-text-editor">
      <Toolbar editor={editor} onImages={(files) => void insertImages(files)} />
      {upload && (
        <div className="rich-text-editor__upload" role="status" data-testid="article-upload-progress">
          <span>{t('articles.editor.uploading', { percent: Math.round(upload.percent) })}</span>
          <Progress percent={Math.round(upload.percent)} size="small" showInfo={false} />
        </div>
      )}
      <EditorContent editor={editor} />
      <p className="rich-text-editor__hint">{t('articles.editor.pasteHint')}</p>
    </div>
  );
}

function Toolbar({ editor, onImages }: { editor: Editor; onImages: (files: File[]) => void }) {
  const { t } = useTranslation();
  const [linkOpen, setLinkOpen] = useState(false);
  const [videoOpen, setVideoOpen] = useState(false);
  const imageInput = useRef<HTMLInputElement>(null);
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      h2: current.isActive('heading', { level: 2 }),
      h3: current.isActive('heading', { level: 3 }),
      bold: current.isActive('bold'),
      italic: current.isActive('italic'),
      bulletList: current.isActive('bulletList'),
      orderedList: current.isActive('orderedList'),
      blockquote: current.isActive('blockquote'),
      link: current.isActive('link'),
      canUndo: current.can().undo(),
      canRedo: current.can().redo(),
    }),
  });

  const button = (key: string, icon: ReactNode, active: boolean, run: () => void, disabled = false) => (
    <Tooltip title={t(`articles.editor.toolbar.${key}`)} key={key}>
      <Button
        type={active ? 'primary' : 'text'}
        size="small"
        icon={icon}
        aria-label={t(`articles.editor.toolbar.${key}`)}
        aria-pressed={active}
        disabled={disabled}
        onClick={run}
        data-testid={`editor-${key}`}
      />
    </Tooltip>
  );

  return (
    <div className="rich-text-editor__toolbar" role="toolbar" aria-label={t('articles.editor.toolbar.label')}>
      {button('undo', <UndoOutlined />, false, () => editor.chain().focus().undo().run(), !state.canUndo)}
      {button('redo', <RedoOutlined />, false, () => editor.chain().focus().redo().run(), !state.canRedo)}
      <Divider orientation="vertical" />
      {button('heading2', <span className="rich-text-editor__glyph">H2</span>, state.h2, () =>
        editor.chain().focus().toggleHeading({ level: 2 }).run(),
      )}
      {button('heading3', <span className="rich-text-editor__glyph">H3</span>, state.h3, () =>
        editor.chain().focus().toggleHeading({ level: 3 }).run(),
      )}
      {button('bold', <BoldOutlined />, state.bold, () => editor.chain().focus().toggleBold().run())}
      {button('italic', <ItalicOutlined />, state.italic, () => editor.chain().focus().toggleItalic().run())}
      <Divider orientation="vertical" />
      {button('bulletList', <UnorderedListOutlined />, state.bulletList, () => editor.chain().focus().toggleBulletList().run())}
      {button('orderedList', <OrderedListOutlined />, state.orderedList, () => editor.chain().focus().toggleOrderedList().run())}
      {button('blockquote', <span className="rich-text-editor__glyph">”</span>, state.blockquote, () =>
        editor.chain().focus().toggleBlockquote().run(),
      )}
      <Divider orientation="vertical" />
      {button('link', <LinkOutlined />, state.link, () => (state.link ? editor.chain().focus().unsetLink().run() : setLinkOpen(true)))}
      {button('image', <PictureOutlined />, false, () => imageInput.current?.click())}
      {button('video', <VideoCameraOutlined />, false, () => setVideoOpen(true))}
      <input
        ref={imageInput}
        type="file"
        accept={UPLOAD_IMAGE_TYPES.join(',')}
        multiple
        hidden
        onChange={(event) => {
          onImages([...(event.target.files ?? [])]);
          event.target.value = '';
        }}
      />
      <LinkDialog
        open={linkOpen}
        onClose={() => setLinkOpen(false)}
        onInsert={(href) => editor.chain().focus().extendMarkRange('link').setLink({ href }).run()}
      />
      <VideoDialog
        open={videoOpen}
        onClose={() => setVideoOpen(false)}
        onInsert={(src) => editor.chain().focus().insertContent({ type: 'video', attrs: { src } }).run()}
      />
    </div>
  );
}

function LinkDialog({ open, onClose, onInsert }: { open: boolean; onClose: () => void; onInsert: (href: string) => void }) {
  const { t } = useTranslation();
  const [href, setHref] = useState('');
  const valid = SAFE_LINK.test(href.trim());
  return (
    <Modal
      open={open}
      title={t('articles.editor.link.title')}
      onCancel={onClose}
      okButtonProps={{ disabled: !valid }}
      onOk={() => {
        onInsert(href.trim());
        setHref('');
        onClose();
      }}
      destroyOnHidden
    >
      <Input
        value={href}
        onChange={(event) => setHref(event.target.value)}
        placeholder={t('articles.editor.link.placeholder')}
        status={href && !valid ? 'error' : undefined}
        aria-label={t('articles.editor.link.title')}
        autoFocus
      />
      {href && !valid && <p className="rich-text-editor__error">{t('articles.editor.link.invalid')}</p>}
    </Modal>
  );
}

function VideoDialog({ open, onClose, onInsert }: { open: boolean; onClose: () => void; onInsert: (src: string) => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [link, setLink] = useState('');
  const [percent, setPercent] = useState<number | null>(null);
  const valid = /^https:\/\/\S+$/i.test(link.trim());
  const done = (src: string) => {
    onInsert(src);
    setLink('');
    onClose();
  };
  return (
    <Modal
      open={open}
      title={t('articles.editor.video.title')}
      onCancel={onClose}
      okText={t('articles.editor.video.insert')}
      okButtonProps={{ disabled: !valid }}
      onOk={() => done(link.trim())}
      destroyOnHidden
    >
      <Upload
        accept={VIDEO_TYPES.join(',')}
        showUploadList={false}
        disabled={percent !== null}
        beforeUpload={(file) => {
          if (!VIDEO_TYPES.includes(file.type)) {
            void message.error(t('articles.editor.videoType'));
            return Upload.LIST_IGNORE;
          }
          if (file.size > ARTICLE_VIDEO_MAX_BYTES) {
            void message.error(t('articles.editor.videoTooLarge', { size: formatBytes(ARTICLE_VIDEO_MAX_BYTES) }));
            return Upload.LIST_IGNORE;
          }
          return true;
        }}
        customRequest={({ file }) => {
          setPercent(0);
          uploadArticleVideo(file as File, setPercent)
            .then(done)
            .catch(() => undefined)
            .finally(() => setPercent(null));
        }}
      >
        <Button icon={<VideoCameraOutlined />} loading={percent !== null}>
          {t('articles.editor.video.upload', { size: formatBytes(ARTICLE_VIDEO_MAX_BYTES) })}
        </Button>
      </Upload>
      {percent !== null && <Progress percent={Math.round(percent)} size="small" />}
      <p className="rich-text-editor__or">{t('articles.editor.video.or')}</p>
      <Input
        value={link}
        onChange={(event) => setLink(event.target.value)}
        placeholder={t('articles.editor.video.placeholder')}
        status={link && !valid ? 'error' : undefined}
        aria-label={t('articles.editor.video.or')}
      />
      {link && !valid && <p className="rich-text-editor__error">{t('articles.editor.video.invalid')}</p>}
    </Modal>
  );
}
