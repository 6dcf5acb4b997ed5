import { ArrowDownOutlined, ArrowUpOutlined, HolderOutlined } from '@ant-design/icons';
import { Button, Typography } from 'antd';
import { PANORAMA_THUMB_PATH, TOUR_LIMITS, type TourSceneSettings } from '@spatia/contract';
import { useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';

interface SceneListProps {
  scenes: readonly TourSceneSettings[];
  /** Scene folders by id (`TourScene.baseUrl`), for thumbnails. */
  baseUrls: ReadonlyMap<string, string>;
  currentId: string;
  onSelect(sceneId: string): void;
  onRename(sceneId: string, name: string): void;
  onMove(from: number, to: number): void;
}

const DRAG_TYPE = 'application/x-spatia-scene';

/**
 * The scenes in gallery order (the first opens first): choose one to edit, rename it in place, drag it
 * to another place, or move it with the arrow buttons (keyboard and touch, where dragging is not).
 */
export function SceneList({ scenes, baseUrls, currentId, onSelect, onRename, onMove }: SceneListProps) {
  const { t } = useTranslation();
  const [dragFrom, setDragFrom] = useState<number | null>(null);
  const [dropAt, setDropAt] = useState<number | null>(null);

  const endDrag = () => {
    setDragFrom(null);
    setDropAt(null);
  };
  const onDragOver = (event: DragEvent, index: number) => {
    if (dragFrom === null) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'move';
    if (dropAt !== index) setDropAt(index);
  };
  const onDrop = (event: DragEvent, index: number) => {
    event.preventDefault();
    const from = dragFrom ?? Number(event.dataTransfer.getData(DRAG_TYPE));
    endDrag();
    if (Number.isInteger(from) && from !== index) onMove(from, index);
  };

  return (
    <ol className="scene-list" aria-label={t('tours.scenes.label')} data-testid="scene-list">
      {scenes.map((scene, index) => {
        const current = scene.id === currentId;
        const base = baseUrls.get(scene.id);
        const classes = ['scene-list__item'];
        if (current) classes.push('scene-list__item--current');
        if (dragFrom === index) classes.push('scene-list__item--dragging');
        if (dropAt === index && dragFrom !== null && dragFrom !== index)
          classes.push(dragFrom < index ? 'scene-list__item--drop-after' : 'scene-list__item--drop-before');
        return (
          <li
            key={scene.id}
            className={classes.join(' ')}
            data-testid="scene-item"
            data-scene-id={scene.id}
            aria-current={current ? 'true' : undefined}
            draggable
            onDragStart={(event) => {
              event.dataTransfer.effectAllowed = 'move';
              event.dataTransfer.setData(DRAG_TYPE, String(index));
              setDragFrom(index);
            }}
            onDragOver={(event) => onDragOver(event, index)}
            onDrop={(event) => onDrop(event, index)}
            onDragEnd={endDrag}
          >
            <HolderOutlined className="scene-list__grip" aria-hidden />
            <button
              type="button"
              className="scene-list__pick"
              onClick={() => onSelect(scene.id)}
              aria-label={t('tours.scenes.open', { name: scene.name })}
              data-testid="scene-pick"
            >
              <span className="scene-list__number" aria-hidden>
                {index + 1}
              </span>
              {base ? (
                <img className="scene-list__thumb" src={`${base}${PANORAMA_THUMB_PATH}`} alt="" loading="lazy" draggable={false} />
              ) : (
                <span className="scene-list__thumb" />
              )}
            </button>
            <div className="scene-list__text">
              <Typography.Text
                className="scene-list__name"
                editable={{
                  onChange: (name) => onRename(scene.id, name),
                  maxLength: TOUR_LIMITS.sceneName,
                  tooltip: t('tours.scenes.rename'),
                  triggerType: ['icon'],
                  text: scene.name,
                }}
                ellipsis={{ tooltip: scene.name }}
                data-testid="scene-name"
              >
                {scene.name}
              </Typography.Text>
              <span className="scene-list__meta">{t('tours.scenes.hotspots', { count: scene.hotspots.length })}</span>
            </div>
            <div className="scene-list__order">
              <Button
                type="text"
                size="small"
                icon={<ArrowUpOutlined />}
                disabled={index === 0}
                onClick={() => onMove(index, index - 1)}
                aria-label={t('tours.scenes.moveUp', { name: scene.name })}
              />
              <Button
                type="text"
                size="small"
                icon={<ArrowDownOutlined />}
                disabled={index === scenes.length - 1}
                onClick={() => onMove(index, index + 1)}
                aria-label={t('tours.scenes.moveDown', { name: scene.name })}
              />
            </div>
          </li>
        );
      })}
    </ol>
  );
}
