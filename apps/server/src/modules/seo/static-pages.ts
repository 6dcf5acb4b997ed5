import type { Language } from '@spatia/contract';
import type { SitemapEntry } from './site-map.js';

export const SITE_NAME: Record<Language, string> = { zh: 'Spatia 空间云', en: 'Spatia' };

/** A page's title as tabs and link previews show it: "<name> - Spatia". */
export function pageTitle(name: string, language: Language): string {
  return `${name} - ${SITE_NAME[language]}`;
}

interface StaticPage {
  path: string;
  title: Record<Language, string>;
  description: Record<Language, string>;
}

/**
 * The public site's own pages, with what a shared link or a crawler should read of them. Pages whose
 * content a module owns (a work, an article, a homepage, a market item) are described by that module.
 */
export const STATIC_PAGES: readonly StaticPage[] = [
  {
    path: '/',
    title: { zh: '全景 VR、三维模型与点云的发布与分享平台', en: 'Publish and share panoramic VR tours, 3D models and point clouds' },
    description: {
      zh: '摄影师上传拍摄成果，平台把它们处理成在任何浏览器中即时打开的全景漫游、三维模型和点云作品，可以分享、离线打包、在市场出售。',
      en: 'Photographers upload what they captured; Spatia turns it into panoramic tours, 3D models and point clouds that open instantly in any browser, to share, package for offline use and sell on the market.',
    },
  },
  {
    path: '/market',
    title: { zh: '作品市场', en: 'Market' },
    description: { zh: '购买摄影师发布的全景、三维模型和点云作品。', en: 'Buy panoramas, 3D models and point clouds published by photographers.' },
  },
  {
    path: '/guide',
    title: { zh: '课程指南', en: 'Course guide' },
    description: { zh: '拍摄、上传、编辑漫游和分享作品的教程。', en: 'Tutorials on capturing, uploading, editing tours and sharing works.' },
  },
  {
    path: '/product',
    title: { zh: '产品', en: 'Product' },
    description: { zh: '全景漫游、三维模型、点云、漫游编辑器、分享与离线包。', en: 'Panoramic tours, 3D models, point clouds, the tour editor, sharing and offline packages.' },
  },
  {
    path: '/enterprise',
    title: { zh: '企业版', en: 'Enterprise' },
    description: { zh: '团队协作、品牌展厅与企业服务。', en: 'Teams, branded showcases and services for companies.' },
  },
  {
    path: '/map',
    title: { zh: '作品地图', en: 'Works on the map' },
    description: { zh: '在地图上浏览带位置的公开作品。', en: 'Browse public works with a location on the map.' },
  },
  {
    path: '/earthvr',
    title: { zh: 'VR 地球', en: 'VR globe' },
    description: { zh: '在三维地球上飞往每一个全景作品。', en: 'Fly to every panorama on a 3D globe.' },
  },
  {
    path: '/rentingHouse',
    title: { zh: '全景看房', en: 'Rentals in panorama' },
    description: { zh: '用全景漫游看出租房源。', en: 'Rental homes you can walk through in panorama.' },
  },
  {
    path: '/search',
    title: { zh: '搜索', en: 'Search' },
    description: { zh: '搜索作品、作者和文章。', en: 'Search works, people and articles.' },
  },
  {
    path: '/userProtocol',
    title: { zh: '用户协议', en: 'User agreement' },
    description: { zh: 'Spatia 用户协议。', en: 'The Spatia user agreement.' },
  },
  {
    path: '/privacyProtocol',
    title: { zh: '隐私政策', en: 'Privacy policy' },
    description: { zh: 'Spatia 如何处理你的个人信息。', en: 'How Spatia handles your personal information.' },
  },
  {
    path: '/rechargeProtocol',
    title: { zh: '充值协议', en: 'Recharge agreement' },
    description: { zh: '流量充值的条款。', en: 'The terms of flow recharges.' },
  },
];

export const STATIC_SITEMAP: readonly SitemapEntry[] = STATIC_PAGES.map((page) => ({ path: page.path }));

/** The page `pathname` names, if it is one of the site's own pages. */
export function staticPage(pathname: string): StaticPage | undefined {
  const path = pathname === '/index' ? '/' : pathname.replace(/\/+$/, '') || '/';
  return STATIC_PAGES.find((page) => page.path === path);
}
