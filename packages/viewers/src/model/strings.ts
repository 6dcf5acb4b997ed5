import type { ViewerLanguage } from '../shared/language';
import { extendViewerStrings, VIEWER_3D_STRINGS } from '../shared/strings';

/** The model viewer's words in both languages: the shared 3D ones and its own. */
export const MODEL_VIEWER_STRINGS = extendViewerStrings(VIEWER_3D_STRINGS, {
  en: {
    loading: 'Loading model… {percent}',
    loadingUnknown: 'Loading model…',
    loadFailed: 'The model could not be loaded',
    autoRotateOn: 'Start rotating',
    autoRotateOff: 'Stop rotating',
    viewInAr: 'View in your space (AR)',
    arFailed: 'AR could not be started on this device',
    arPlaceHint: 'Move your phone slowly to find the floor, then tap to place the model',
    arExit: 'Leave AR',
    arPreparing: 'Preparing AR…',
    canvasLabel: '3D model: drag to turn, scroll or pinch to zoom, right-drag or two fingers to move',
  },
  zh: {
    loading: '模型加载中… {percent}',
    loadingUnknown: '模型加载中…',
    loadFailed: '模型加载失败',
    autoRotateOn: '开始自动旋转',
    autoRotateOff: '停止自动旋转',
    viewInAr: '在你的空间中查看（AR）',
    arFailed: '此设备无法启动 AR',
    arPlaceHint: '缓慢移动手机找到地面，然后轻触放置模型',
    arExit: '退出 AR',
    arPreparing: '正在准备 AR…',
    canvasLabel: '三维模型：拖动旋转，滚轮或双指缩放，右键拖动或双指平移',
  },
});

export type ModelViewerStrings = (typeof MODEL_VIEWER_STRINGS)[ViewerLanguage];
