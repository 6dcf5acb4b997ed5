import type { SitePageContentOf } from '@spatia/contract';

/** What the comparison on /product#versions says of the two versions the install ships with (ids 1 and 2, migration 0013). */
export const membershipVersions: SitePageContentOf<'membershipVersions'> = {
  zh: {
    title: '选择适合你的版本',
    subtitle: '所有版本都可以免费试用，试用结束后按月付费，随时可以续费或更换版本。',
    versions: [
      {
        versionId: 1,
        tagline: '个人创作者与小型工作室',
        features: [
          '全景、模型、点云作品的上传与处理',
          '漫游编辑器：热点、标注与场景顺序',
          '分享链接、嵌入代码与二维码',
          '离线包下载',
          '团队邀请与推广奖励',
        ],
        recommended: false,
      },
      {
        versionId: 2,
        tagline: '需要对外销售与交付的企业',
        features: [
          '专业版的全部功能',
          '作品上架市场，出售查看或复制授权',
          '定向出售与作品分发',
          '拍摄服务与订单管理',
          '作品页面展示企业标志',
        ],
        recommended: true,
      },
    ],
    note: '价格以申请时显示的为准。流量费用按实际使用每日结算，与会员费分开计算。',
  },
  en: {
    title: 'Choose your version',
    subtitle: 'Every version starts with a free trial, then is billed monthly. Renew or change versions at any time.',
    versions: [
      {
        versionId: 1,
        tagline: 'For creators and small studios',
        features: [
          'Upload and processing of panoramas, models and point clouds',
          'Tour editor: hotspots, labels and scene order',
          'Share links, embed codes and QR codes',
          'Offline packages',
          'Team invitations and referral rewards',
        ],
        recommended: false,
      },
      {
        versionId: 2,
        tagline: 'For companies that sell and deliver',
        features: [
          'Everything in Professional',
          'Market listings with view or copy licences',
          'Sales to a named buyer and distribution of works',
          'Capture services and their orders',
          'Your company logo on your works',
        ],
        recommended: true,
      },
    ],
    note: 'The price shown when you apply applies. Traffic is billed daily by use, separately from the membership fee.',
  },
};
