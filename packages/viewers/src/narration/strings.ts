import type { ViewerLanguage } from '../shared/language';

/** The narration player's words; the host passes the language, never strings. */
export const NARRATION_STRINGS = {
  en: {
    region: 'Narration: {title}',
    play: 'Play the narration',
    pause: 'Pause the narration',
    showText: 'Show the text',
    hideText: 'Hide the text',
    position: 'Scene {n} of {total}',
    silentScene: 'No narration for this scene',
    finished: 'The narration has ended. Press play to hear it again.',
  },
  zh: {
    region: '讲解：{title}',
    play: '播放讲解',
    pause: '暂停讲解',
    showText: '显示文字',
    hideText: '隐藏文字',
    position: '第 {n} 个场景，共 {total} 个',
    silentScene: '本场景没有讲解',
    finished: '讲解已结束，点击播放可再听一遍。',
  },
} satisfies Record<ViewerLanguage, Record<string, string>>;

export type NarrationStrings = (typeof NARRATION_STRINGS)['en'];

export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
}
