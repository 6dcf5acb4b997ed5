import type { MeasurementKind } from '@spatia/contract';
import type { ViewerLanguage } from '../shared/language';
import { extendViewerStrings, VIEWER_3D_STRINGS } from '../shared/strings';
import type { ColorMode } from './color-ramp';

/** The point-cloud viewer's words in both languages: the shared 3D ones and its own. */
export const POINT_CLOUD_VIEWER_STRINGS = extendViewerStrings(VIEWER_3D_STRINGS, {
  en: {
    loading: 'Loading point cloud…',
    loadFailed: 'The point cloud could not be loaded',
    canvasLabel: 'Point cloud: drag to turn, scroll or pinch to zoom, right-drag or two fingers to move, double-click to centre on a point',
    edl: 'Eye-dome lighting (depth shading)',
    colorMode: 'Colour by',
    colorRgb: 'Colour (RGB)',
    colorElevation: 'Elevation',
    colorIntensity: 'Intensity',
    toolDistance: 'Measure distance',
    toolArea: 'Measure area',
    toolHeight: 'Measure height',
    kindDistance: 'Distance',
    kindArea: 'Area',
    kindHeight: 'Height',
    hintPolyline: 'Click points on the cloud. Double-click or Enter to finish, Esc to cancel.',
    hintHeight: 'Click the two points whose height difference you want. Esc to cancel.',
    measurements: 'Measurements',
    noMeasurements: 'No measurements yet',
    label: 'Label',
    deleteMeasurement: 'Delete {name}',
    showMeasurement: 'Show {name}',
    limitReached: 'At most {count} measurements',
    stats: '{points} points · {nodes} nodes',
  },
  zh: {
    loading: '点云加载中…',
    loadFailed: '点云加载失败',
    canvasLabel: '点云：拖动旋转，滚轮或双指缩放，右键拖动或双指平移，双击以某点为中心',
    edl: '深度明暗（EDL）',
    colorMode: '着色方式',
    colorRgb: '真彩色（RGB）',
    colorElevation: '高程',
    colorIntensity: '强度',
    toolDistance: '测量距离',
    toolArea: '测量面积',
    toolHeight: '测量高差',
    kindDistance: '距离',
    kindArea: '面积',
    kindHeight: '高差',
    hintPolyline: '在点云上点击取点。双击或按回车结束，按 Esc 取消。',
    hintHeight: '点击要测量高差的两个点。按 Esc 取消。',
    measurements: '测量',
    noMeasurements: '暂无测量',
    label: '名称',
    deleteMeasurement: '删除{name}',
    showMeasurement: '查看{name}',
    limitReached: '最多 {count} 个测量',
    stats: '{points} 个点 · {nodes} 个节点',
  },
});

export type PointCloudViewerStrings = (typeof POINT_CLOUD_VIEWER_STRINGS)[ViewerLanguage];

type StringKey = keyof PointCloudViewerStrings;
const KIND_NAMES = { distance: 'kindDistance', area: 'kindArea', height: 'kindHeight' } as const satisfies Record<
  MeasurementKind,
  StringKey
>;
const TOOL_LABELS = { distance: 'toolDistance', area: 'toolArea', height: 'toolHeight' } as const satisfies Record<
  MeasurementKind,
  StringKey
>;
const COLOR_MODE_NAMES = { rgb: 'colorRgb', elevation: 'colorElevation', intensity: 'colorIntensity' } as const satisfies Record<
  ColorMode,
  StringKey
>;

export function kindName(strings: PointCloudViewerStrings, kind: MeasurementKind): string {
  return strings[KIND_NAMES[kind]];
}

export function toolLabel(strings: PointCloudViewerStrings, kind: MeasurementKind): string {
  return strings[TOOL_LABELS[kind]];
}

export function colorModeName(strings: PointCloudViewerStrings, mode: ColorMode): string {
  return strings[COLOR_MODE_NAMES[mode]];
}
