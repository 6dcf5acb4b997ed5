import type { SitePageContentOf } from '@spatia/contract';

/** /enterprise as shipped: only what the platform does today (no integrations it does not have). */
export const enterprise: SitePageContentOf<'enterprise'> = {
  zh: {
    hero: {
      eyebrow: 'Spatia 企业版',
      title: '让团队用空间讲好品牌故事',
      subtitle: '从项目拍摄、作品交付到对外展示与销售，企业版把团队协作、品牌展示和交易结算放在同一个平台上。',
      imageUrl: '',
      illustration: 'brand',
      ctaLabel: '联系我们',
      ctaLink: '#contact',
    },
    highlights: [
      { value: '品牌', label: '作品页展示企业标志' },
      { value: '两级', label: '团队推广奖励' },
      { value: '交付', label: '作品分发与定向出售' },
      { value: '按日', label: '透明的流量结算' },
    ],
    featuresTitle: '为企业准备的能力',
    features: [
      {
        title: '品牌化展示',
        text: '通过企业认证后，分享出去的作品页面展示你的企业标志；把精选作品整理成带品牌的展示页，用独立链接和二维码发给客户。',
        imageUrl: '',
        illustration: 'brand',
      },
      {
        title: '团队与推广',
        text: '成员通过邀请码加入你的团队，团队成员的充值、市场购买和服务订单按后台设定的比例为你带来两级推广奖励，收益清晰可查。',
        imageUrl: '',
        illustration: 'team',
      },
      {
        title: '作品交付与销售',
        text: '把作品分发给客户账号，或以指定价格定向出售；上架作品市场，对外销售查看或复制授权。每一笔都有订单与收入记录。',
        imageUrl: '',
        illustration: 'market',
      },
      {
        title: '拍摄服务',
        text: '签约摄影服务商按区域接单，客户在线预约拍摄并支付定金，交付确认后结算，服务全程在平台上留痕。',
        imageUrl: '',
        illustration: 'support',
      },
      {
        title: '成本可控',
        text: '流量按日结算、价格公开；可购买租赁时长，或为作品设置月度预算，超出时自动暂停访问，避免意外支出。',
        imageUrl: '',
        illustration: 'wallet',
      },
      {
        title: '数据安全',
        text: '原始文件仅通过签名链接访问，会话可随时下线；支持部署在自有服务器，使用自己的数据库与对象存储。',
        imageUrl: '',
        illustration: 'security',
      },
    ],
    stepsTitle: '如何开始',
    steps: [
      { title: '申请企业版', text: '在会员版本中选择企业版，上传营业执照提交申请。' },
      { title: '企业认证', text: '完成企业认证后，作品页面即可展示企业标志。' },
      { title: '邀请团队', text: '把邀请链接发给同事和合作伙伴，组建你的团队。' },
      { title: '上线作品', text: '上传、编辑并发布作品，分享给客户或上架市场。' },
    ],
    faqTitle: '常见问题',
    faq: [
      {
        question: '企业版如何收费？',
        answer: '企业版按月计费，价格与试用天数见产品页的版本对比；流量费用另按实际使用每日结算。',
      },
      {
        question: '可以部署在我们自己的服务器上吗？',
        answer: '可以。Spatia 可以单机运行，也可以连接你自己的 PostgreSQL 数据库、Redis 与 S3 兼容的对象存储。',
      },
      {
        question: '团队奖励如何结算？',
        answer: '奖励在待结算期后转为可提现收入，退款会相应扣回；比例与待结算期由平台设定并在团队页面公开。',
      },
    ],
    contact: {
      title: '与我们聊聊你的项目',
      text: '告诉我们你的行业、项目规模和展示需求，我们会为你推荐合适的版本与方案。',
      phone: '',
      email: '',
      address: '',
      ctaLabel: '申请企业版',
    },
  },
  en: {
    hero: {
      eyebrow: 'Spatia for enterprises',
      title: 'Tell your brand’s story in space',
      subtitle:
        'From capturing a project to delivering, showing and selling it: the Enterprise version keeps your team, your branded showcases and your settlements on one platform.',
      imageUrl: '',
      illustration: 'brand',
      ctaLabel: 'Contact us',
      ctaLink: '#contact',
    },
    highlights: [
      { value: 'Brand', label: 'Your logo on shared works' },
      { value: '2 levels', label: 'Team referral rewards' },
      { value: 'Delivery', label: 'Distribute and sell works' },
      { value: 'Daily', label: 'Transparent traffic billing' },
    ],
    featuresTitle: 'Built for companies',
    features: [
      {
        title: 'Branded showcases',
        text: 'Once your company is verified, shared works show your logo. Gather chosen works into a branded showcase with its own link and QR code for your clients.',
        imageUrl: '',
        illustration: 'brand',
      },
      {
        title: 'Team and referrals',
        text: 'People join your team with your invite code. Their recharges, market purchases and service orders earn you two-level rewards at the published rates, every one of them on record.',
        imageUrl: '',
        illustration: 'team',
      },
      {
        title: 'Delivering and selling works',
        text: 'Distribute works to your clients’ accounts or sell one to a named buyer at a set price; list works on the market with view or copy licences. Every sale has its order and income record.',
        imageUrl: '',
        illustration: 'market',
      },
      {
        title: 'Capture services',
        text: 'Signed photographers take bookings in their areas; clients book a shoot online and pay a deposit that is settled once they confirm delivery.',
        imageUrl: '',
        illustration: 'support',
      },
      {
        title: 'Costs under control',
        text: 'Traffic is billed daily at published prices. Buy lease time, or give works a monthly budget that pauses them before an unexpected bill.',
        imageUrl: '',
        illustration: 'wallet',
      },
      {
        title: 'Your data, safe',
        text: 'Original files open only through signed links and sessions can be ended at any time. Run Spatia on your own servers with your own database and object storage.',
        imageUrl: '',
        illustration: 'security',
      },
    ],
    stepsTitle: 'How to start',
    steps: [
      { title: 'Apply for Enterprise', text: 'Choose Enterprise among the membership versions and upload your business licence.' },
      { title: 'Verify your company', text: 'After company verification, your logo appears on your works.' },
      { title: 'Invite your team', text: 'Send your invite link to colleagues and partners.' },
      { title: 'Go live', text: 'Upload, edit and publish works; share them or list them on the market.' },
    ],
    faqTitle: 'Frequently asked questions',
    faq: [
      {
        question: 'How is Enterprise priced?',
        answer:
          'Enterprise is billed monthly; the price and trial are in the version comparison on the product page. Traffic is billed daily by use.',
      },
      {
        question: 'Can we run it on our own servers?',
        answer: 'Yes. Spatia runs as a single process, or with your own PostgreSQL database, Redis and S3-compatible object storage.',
      },
      {
        question: 'How are team rewards paid?',
        answer:
          'A reward becomes withdrawable income after its pending window, and a refund takes it back. The rates and the window are set by the platform and shown on the team page.',
      },
    ],
    contact: {
      title: 'Tell us about your project',
      text: 'Tell us your industry, the size of your projects and how you want to show them, and we will suggest the right version and setup.',
      phone: '',
      email: '',
      address: '',
      ctaLabel: 'Apply for Enterprise',
    },
  },
};
