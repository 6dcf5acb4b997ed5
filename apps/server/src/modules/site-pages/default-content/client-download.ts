import type { SitePageContentOf } from '@spatia/contract';

/**
 * What the header's Client download dialog shows. The capture app's package address is empty: the one the
 * server is configured with (APP_APK_URL) applies, else the site's own download page.
 */
export const clientDownload: SitePageContentOf<'clientDownload'> = {
  zh: {
    title: '下载手机采集端',
    subtitle: '用手机扫描二维码下载 Spatia 采集端，拍摄全景并直接上传到你的账号。',
    apps: [
      {
        name: 'Spatia 采集端',
        description: '连接全景相机拍摄，现场预览并上传作品。',
        apkUrl: '',
        iosUrl: '',
        note: '目前提供 Android 版本。',
      },
    ],
    note: '下载遇到问题？请拨打页脚的客服电话。',
  },
  en: {
    title: 'Download the mobile capture app',
    subtitle: 'Scan the QR code with your phone to get the Spatia capture app: shoot panoramas and upload them straight to your account.',
    apps: [
      {
        name: 'Spatia Capture',
        description: 'Shoot with a panoramic camera, preview on site and upload your works.',
        apkUrl: '',
        iosUrl: '',
        note: 'Available for Android.',
      },
    ],
    note: 'Trouble downloading? Call the service line in the footer.',
  },
};
