import type { ViewerLanguage } from '../shared/language';
import { extendViewerStrings, VIEWER_COMMON_STRINGS } from '../shared/strings';

export { isViewerLanguage, VIEWER_LANGUAGES, type ViewerLanguage } from '../shared/language';

/**
 * The tour viewer's words in both languages: the ones every viewer shares and its own. The host app
 * passes the language, never strings.
 */
export const VIEWER_STRINGS = extendViewerStrings(VIEWER_COMMON_STRINGS, {
  en: {
    // Photo Sphere Viewer's core (keys of its `lang` option; `fullscreen` and `webglError` are shared).
    zoom: 'Zoom',
    zoomOut: 'Zoom out',
    zoomIn: 'Zoom in',
    moveUp: 'Move up',
    moveDown: 'Move down',
    moveLeft: 'Move left',
    moveRight: 'Move right',
    description: 'Description',
    download: 'Download',
    loading: 'Loading…',
    menu: 'Menu',
    close: 'Close',
    twoFingers: 'Use two fingers to move the view',
    ctrlZoom: 'Use Ctrl + scroll to zoom',
    loadError: 'The panorama could not be loaded',
    // Its plugins.
    autorotate: 'Rotate automatically',
    gallery: 'Scenes',
    gyroscope: 'Motion control',
    stereo: 'Cardboard (VR glasses)',
    stereoNotification: 'Tap anywhere to leave the VR glasses view.',
    pleaseRotate: 'Please turn your phone sideways',
    tapToContinue: '(or tap to continue)',
    markers: 'Hotspots',
    markersList: 'Hotspot list',
    // Ours.
    goToScene: 'Go to {name}',
    nextScene: 'Go to the next scene',
    infoHotspot: 'Information',
    openLink: 'Open link',
    musicPlay: 'Play music',
    musicMute: 'Mute music',
    motionTitle: 'Look around by moving your phone?',
    motionEnable: 'Turn on',
    motionLater: 'Not now',
    motionDenied: 'Motion control was not allowed. You can allow it in your browser settings.',
    enterVr: 'View in VR headset',
    vrFailed: 'The VR headset could not be started',
    vrClose: 'Select to close',
    noScenes: 'This tour has no scenes yet',
    tourLoadFailed: 'This tour could not be loaded',
  },
  zh: {
    zoom: '缩放',
    zoomOut: '缩小',
    zoomIn: '放大',
    moveUp: '向上',
    moveDown: '向下',
    moveLeft: '向左',
    moveRight: '向右',
    description: '说明',
    download: '下载',
    loading: '加载中…',
    menu: '菜单',
    close: '关闭',
    twoFingers: '请用两根手指移动视角',
    ctrlZoom: '按住 Ctrl 并滚动鼠标滚轮缩放',
    loadError: '全景图加载失败',
    autorotate: '自动旋转',
    gallery: '场景',
    gyroscope: '重力感应',
    stereo: 'VR 眼镜模式',
    stereoNotification: '轻触任意位置退出 VR 眼镜模式。',
    pleaseRotate: '请将手机横过来',
    tapToContinue: '（或轻触继续）',
    markers: '热点',
    markersList: '热点列表',
    goToScene: '前往{name}',
    nextScene: '前往下一个场景',
    infoHotspot: '信息',
    openLink: '打开链接',
    musicPlay: '播放音乐',
    musicMute: '关闭音乐',
    motionTitle: '转动手机来环顾四周？',
    motionEnable: '开启',
    motionLater: '暂不',
    motionDenied: '未获得重力感应权限，可在浏览器设置中开启。',
    enterVr: '用 VR 头显观看',
    vrFailed: '无法启动 VR 头显',
    vrClose: '按下扳机关闭',
    noScenes: '该漫游还没有场景',
    tourLoadFailed: '漫游加载失败',
  },
});

export type ViewerStrings = (typeof VIEWER_STRINGS)[ViewerLanguage];

/** The keys Photo Sphere Viewer and its plugins read from the `lang` option. */
const PSV_LANG_KEYS = [
  'zoom',
  'zoomOut',
  'zoomIn',
  'moveUp',
  'moveDown',
  'moveLeft',
  'moveRight',
  'description',
  'download',
  'fullscreen',
  'loading',
  'menu',
  'close',
  'twoFingers',
  'ctrlZoom',
  'loadError',
  'webglError',
  'autorotate',
  'gallery',
  'gyroscope',
  'stereo',
  'stereoNotification',
  'pleaseRotate',
  'tapToContinue',
  'markers',
  'markersList',
] as const satisfies readonly (keyof ViewerStrings)[];

export function psvLang(strings: ViewerStrings): Record<string, string> {
  return Object.fromEntries(PSV_LANG_KEYS.map((key) => [key, strings[key]]));
}
