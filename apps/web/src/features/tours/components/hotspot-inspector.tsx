import { ArrowRightOutlined, DeleteOutlined, InfoCircleOutlined, NodeIndexOutlined } from '@ant-design/icons';
import { Button, Form, Input, Select, Slider } from 'antd';
import { TOUR_LIMITS, type Hotspot, type InfoHotspot, type LinkHotspot, type TourSceneSettings } from '@spatia/contract';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { characterCount, charactersOver } from '../../../lib/text-count';
import { clampYaw, type InfoHotspotChange, type LinkHotspotChange } from '../lib/tour-editor-state';
import { HOTSPOT_TEXT_LIMITS, type HotspotProblem } from '../lib/tour-problems';

/** A written field's error state and message when its text is over its limit: by how much, not cut. */
function lengthHelp(t: TFunction, field: keyof typeof HOTSPOT_TEXT_LIMITS, text: string) {
  const max = HOTSPOT_TEXT_LIMITS[field];
  const over = charactersOver(text, max);
  return over > 0 ? { validateStatus: 'error' as const, help: t('validation.tooLong', { max, over }) } : {};
}

interface HotspotInspectorProps {
  hotspot: Hotspot;
  sceneId: string;
  scenes: readonly TourSceneSettings[];
  problems: readonly HotspotProblem[];
  onChangeLink(change: LinkHotspotChange): void;
  onChangeInfo(change: InfoHotspotChange): void;
  onDelete(): void;
  onGoToScene(sceneId: string): void;
}

/** The fields of the selected hotspot: a link's target, arrow and label, or a note's title, text, picture and link. */
export function HotspotInspector({
  hotspot,
  sceneId,
  scenes,
  problems,
  onChangeLink,
  onChangeInfo,
  onDelete,
  onGoToScene,
}: HotspotInspectorProps) {
  const { t } = useTranslation();
  const isLink = hotspot.kind === 'link';
  return (
    <section
      className="hotspot-inspector"
      aria-labelledby="hotspot-inspector-title"
      data-testid="hotspot-inspector"
      data-kind={hotspot.kind}
      data-hotspot-id={hotspot.id}
    >
      <header className="hotspot-inspector__head">
        <span className="icon-tile" aria-hidden>
          {isLink ? <NodeIndexOutlined /> : <InfoCircleOutlined />}
        </span>
        <div className="hotspot-inspector__titles">
          <h3 id="hotspot-inspector-title" className="hotspot-inspector__title">
            {t(isLink ? 'tours.hotspot.linkTitle' : 'tours.hotspot.infoTitle')}
          </h3>
          <span className="hotspot-inspector__position" data-testid="hotspot-position">
            {t('tours.hotspot.position', { yaw: hotspot.yaw.toFixed(1), pitch: hotspot.pitch.toFixed(1) })}
          </span>
        </div>
        <Button
          danger
          type="text"
          icon={<DeleteOutlined />}
          onClick={onDelete}
          aria-label={t('tours.hotspot.delete')}
          data-testid="hotspot-delete"
        />
      </header>
      {hotspot.kind === 'link' ? (
        <LinkFields
          hotspot={hotspot}
          sceneId={sceneId}
          scenes={scenes}
          problems={problems}
          onChange={onChangeLink}
          onGoToScene={onGoToScene}
        />
      ) : (
        <InfoFields hotspot={hotspot} problems={problems} onChange={onChangeInfo} />
      )}
      <p className="hotspot-inspector__keys">{t('tours.hotspot.keys')}</p>
    </section>
  );
}

function LinkFields({
  hotspot,
  sceneId,
  scenes,
  problems,
  onChange,
  onGoToScene,
}: {
  hotspot: LinkHotspot;
  sceneId: string;
  scenes: readonly TourSceneSettings[];
  problems: readonly HotspotProblem[];
  onChange(change: LinkHotspotChange): void;
  onGoToScene(sceneId: string): void;
}) {
  const { t } = useTranslation();
  const target = scenes.find((scene) => scene.id === hotspot.targetSceneId);
  const noTarget = problems.some((problem) => problem.field === 'targetSceneId');
  // People turn the arrow relative to where it stands: 0 points straight on, away from the viewer.
  const turn = clampYaw(hotspot.arrowYaw - hotspot.yaw);
  return (
    <Form layout="vertical" component="div" requiredMark={false} className="hotspot-inspector__form">
      <Form.Item
        label={t('tours.hotspot.target')}
        htmlFor="hotspot-target"
        validateStatus={noTarget ? 'error' : undefined}
        help={noTarget ? t('tours.hotspot.noTarget') : undefined}
      >
        <Select
          id="hotspot-target"
          value={target ? hotspot.targetSceneId : undefined}
          placeholder={t('tours.hotspot.targetPlaceholder')}
          onChange={(targetSceneId: string) => onChange({ targetSceneId })}
          options={scenes.filter((scene) => scene.id !== sceneId).map((scene) => ({ value: scene.id, label: scene.name }))}
          data-testid="hotspot-target"
        />
      </Form.Item>
      <Form.Item label={t('tours.hotspot.arrow')} extra={t('tours.hotspot.arrowHelp')}>
        <div className="hotspot-inspector__arrow">
          <ArrowDial turn={turn} />
          <Slider
            min={-180}
            max={180}
            step={5}
            included={false}
            value={Math.round(turn)}
            onChange={(value: number) => onChange({ arrowYaw: hotspot.yaw + value })}
            marks={{ [-90]: t('tours.hotspot.left'), 0: t('tours.hotspot.ahead'), 90: t('tours.hotspot.right') }}
            tooltip={{ formatter: (value) => `${value ?? 0}°` }}
            aria-label={t('tours.hotspot.arrow')}
            className="hotspot-inspector__slider"
            data-testid="hotspot-arrow"
          />
        </div>
      </Form.Item>
      <Form.Item
        label={t('tours.hotspot.label')}
        htmlFor="hotspot-label"
        extra={t('tours.hotspot.labelHelp')}
        {...lengthHelp(t, 'label', hotspot.label)}
      >
        <Input
          id="hotspot-label"
          value={hotspot.label}
          count={characterCount(HOTSPOT_TEXT_LIMITS.label)}
          placeholder={target ? t('tours.hotspot.labelPlaceholder', { name: target.name }) : undefined}
          onChange={(event) => onChange({ label: event.target.value })}
          data-testid="hotspot-label"
        />
      </Form.Item>
      {target && (
        <Button icon={<ArrowRightOutlined />} onClick={() => onGoToScene(target.id)} data-testid="hotspot-go">
          {t('tours.hotspot.goToTarget', { name: target.name })}
        </Button>
      )}
    </Form>
  );
}

function InfoFields({
  hotspot,
  problems,
  onChange,
}: {
  hotspot: InfoHotspot;
  problems: readonly HotspotProblem[];
  onChange(change: InfoHotspotChange): void;
}) {
  const { t } = useTranslation();
  const unsafe = (field: 'imageUrl' | 'linkUrl') => problems.some((problem) => problem.field === field);
  const showImage = hotspot.imageUrl.trim() !== '' && !unsafe('imageUrl');
  return (
    <Form layout="vertical" component="div" requiredMark={false} className="hotspot-inspector__form">
      <Form.Item label={t('tours.hotspot.infoTitleField')} htmlFor="hotspot-title" {...lengthHelp(t, 'title', hotspot.title)}>
        <Input
          id="hotspot-title"
          value={hotspot.title}
          count={characterCount(HOTSPOT_TEXT_LIMITS.title)}
          placeholder={t('tours.hotspot.infoTitlePlaceholder')}
          onChange={(event) => onChange({ title: event.target.value })}
          data-testid="hotspot-title"
        />
      </Form.Item>
      <Form.Item label={t('tours.hotspot.text')} htmlFor="hotspot-text" {...lengthHelp(t, 'text', hotspot.text)}>
        <Input.TextArea
          id="hotspot-text"
          value={hotspot.text}
          count={characterCount(HOTSPOT_TEXT_LIMITS.text)}
          autoSize={{ minRows: 3, maxRows: 8 }}
          onChange={(event) => onChange({ text: event.target.value })}
          data-testid="hotspot-text"
        />
      </Form.Item>
      <UrlField field="imageUrl" value={hotspot.imageUrl} unsafe={unsafe('imageUrl')} onChange={onChange} />
      {showImage && <img className="hotspot-inspector__image" src={hotspot.imageUrl.trim()} alt="" referrerPolicy="no-referrer" />}
      <UrlField field="linkUrl" value={hotspot.linkUrl} unsafe={unsafe('linkUrl')} onChange={onChange} />
    </Form>
  );
}

/** The arrow as the viewer draws it on the floor, seen from above: up is straight on. */
/** An info hotspot's picture or web link, flagged when it is neither http(s) nor a file of this site. */
function UrlField({
  field,
  value,
  unsafe,
  onChange,
}: {
  field: 'imageUrl' | 'linkUrl';
  value: string;
  unsafe: boolean;
  onChange(change: InfoHotspotChange): void;
}) {
  const { t } = useTranslation();
  const id = field === 'imageUrl' ? 'hotspot-image' : 'hotspot-link';
  return (
    <Form.Item
      label={t(`tours.hotspot.${field}`)}
      htmlFor={id}
      validateStatus={unsafe ? 'error' : undefined}
      help={unsafe ? t('tours.hotspot.unsafeUrl') : undefined}
    >
      <Input
        id={id}
        value={value}
        maxLength={TOUR_LIMITS.url}
        placeholder="https://"
        onChange={(event) => onChange({ [field]: event.target.value })}
        data-testid={id}
      />
    </Form.Item>
  );
}

function ArrowDial({ turn }: { turn: number }) {
  return (
    <svg className="hotspot-inspector__dial" viewBox="0 0 48 48" aria-hidden>
      <circle cx="24" cy="24" r="22" className="hotspot-inspector__dial-face" />
      <path d="M24 2v4M24 42v4M2 24h4M42 24h4" className="hotspot-inspector__dial-ticks" />
      <g transform={`rotate(${turn} 24 24)`}>
        <path d="M24 9 35 33 24 27 13 33Z" className="hotspot-inspector__dial-arrow" />
      </g>
    </svg>
  );
}
