import type { SitePageContentOf } from '@spatia/contract';

/** /product as shipped: what Spatia does, in the words of what it really does (docs/site-pages.md). */
export const product: SitePageContentOf<'product'> = {
  zh: {
    hero: {
      eyebrow: 'Spatia 产品',
      title: '把真实空间搬到线上',
      subtitle:
        '上传全景照片、三维模型或点云，Spatia 自动切片处理，生成可分享的 VR 漫游。一条链接、一个二维码，访客在手机和电脑上都能身临其境。',
      imageUrl: '',
      illustration: 'panorama',
      ctaLabel: '免费注册',
      ctaLink: '/login?mode=register',
    },
    highlights: [
      { value: '360°', label: '全景 VR 漫游' },
      { value: '3 类', label: '全景、模型、点云作品' },
      { value: '1 条链接', label: '分享、嵌入与二维码' },
      { value: '离线', label: '打包下载，断网可看' },
    ],
    featuresTitle: '一个平台，完成从拍摄到展示',
    features: [
      {
        title: '全景 VR 漫游',
        text: '上传等距柱状全景图，平台自动生成立方体贴图和多级瓦片：先显示预览图，清晰的瓦片随后按需加载，弱网下也能快速打开。多个场景串成一次完整的漫游。',
        imageUrl: '',
        illustration: 'panorama',
      },
      {
        title: '三维模型',
        text: '上传 GLB、glTF 等模型，平台压缩几何与纹理并生成封面，访客可以旋转、缩放、全屏查看，适合展品、商品与建筑构件。',
        imageUrl: '',
        illustration: 'model',
      },
      {
        title: '点云',
        text: '上传 PLY 等点云文件，平台构建八叉树分级加载，大体量的扫描数据也能在浏览器中流畅浏览，并支持距离与面积测量。',
        imageUrl: '',
        illustration: 'pointCloud',
      },
      {
        title: '漫游编辑器',
        text: '在编辑器中设置初始视角、添加场景之间的跳转热点和文字标注，调整场景顺序与名称，所见即所得，保存后分享链接立即生效。',
        imageUrl: '',
        illustration: 'editor',
      },
      {
        title: '分享与离线包',
        text: '每个作品都有公开链接、网页嵌入代码和二维码；也可以生成离线包，下载后在没有网络的展厅、工地或会议室中直接打开漫游。',
        imageUrl: '',
        illustration: 'offline',
      },
      {
        title: '作品市场',
        text: '把作品上架到市场，设定价格与授权方式（查看或复制），经审核后对外出售；买家用余额或扫码支付，收入计入你的账户，可申请提现。',
        imageUrl: '',
        illustration: 'market',
      },
      {
        title: '流量钱包',
        text: '作品的访问流量按日结算，价格公开透明；可以充值余额、购买租赁时长，或为每个作品设置月度预算，超出预算时自动暂停，不会产生意外费用。',
        imageUrl: '',
        illustration: 'wallet',
      },
    ],
    stepsTitle: '四步上线你的第一个空间',
    steps: [
      { title: '注册账号', text: '用手机号注册，几分钟即可开始，新用户可申请会员免费试用。' },
      { title: '上传素材', text: '拖入全景图、模型或点云文件，大文件支持断点续传。' },
      { title: '编辑漫游', text: '平台处理完成后，在编辑器中添加热点、标注和场景顺序。' },
      { title: '发布分享', text: '发布后复制链接或二维码，发给客户，或嵌入你的网站。' },
    ],
    faqTitle: '常见问题',
    faq: [
      {
        question: '需要安装软件才能观看吗？',
        answer: '不需要。访客在手机或电脑的浏览器中打开链接即可观看；需要断网展示时，可以下载离线包。',
      },
      {
        question: '支持哪些文件格式？',
        answer: '全景支持 JPEG、PNG 等等距柱状全景图；模型支持 GLB、glTF 等；点云支持 PLY 等格式。上传页面会列出当前支持的格式与大小上限。',
      },
      {
        question: '流量如何收费？',
        answer: '已发布作品的访问按请求数与数据流量每日结算，价格在钱包页面公开。你也可以购买租赁时长，租赁期内作品流量不计费。',
      },
      {
        question: '专业版和企业版有什么区别？',
        answer: '两个版本都包含作品管理、团队与营销工具；企业版额外开放作品市场与服务相关功能。具体差异见下方的版本对比。',
      },
    ],
  },
  en: {
    hero: {
      eyebrow: 'Spatia product',
      title: 'Bring real spaces online',
      subtitle:
        'Upload panoramas, 3D models or point clouds: Spatia processes them into shareable VR tours. One link or one QR code, and visitors step inside on a phone or a desktop.',
      imageUrl: '',
      illustration: 'panorama',
      ctaLabel: 'Sign up free',
      ctaLink: '/login?mode=register',
    },
    highlights: [
      { value: '360°', label: 'Panoramic VR tours' },
      { value: '3 kinds', label: 'Panoramas, models, point clouds' },
      { value: '1 link', label: 'Share, embed or scan' },
      { value: 'Offline', label: 'Packages that open without a network' },
    ],
    featuresTitle: 'From capture to showcase on one platform',
    features: [
      {
        title: 'Panoramic VR tours',
        text: 'Upload equirectangular panoramas and Spatia builds cube faces and tile levels: a preview shows at once and sharp tiles follow as needed, so tours open quickly even on slow networks. Link scenes into one walk-through.',
        imageUrl: '',
        illustration: 'panorama',
      },
      {
        title: '3D models',
        text: 'Upload GLB or glTF models: geometry and textures are compressed and a cover is rendered. Visitors orbit, zoom and go full screen: ideal for exhibits, products and building parts.',
        imageUrl: '',
        illustration: 'model',
      },
      {
        title: 'Point clouds',
        text: 'Upload PLY and other point clouds: Spatia builds an octree that streams level by level, so large scans stay smooth in the browser, with distance and area measurements.',
        imageUrl: '',
        illustration: 'pointCloud',
      },
      {
        title: 'Tour editor',
        text: 'Set the opening view, add hotspots that jump between scenes and text labels, rename and reorder scenes. What you see is what visitors get, live as soon as you save.',
        imageUrl: '',
        illustration: 'editor',
      },
      {
        title: 'Sharing and offline packages',
        text: 'Every work has a public link, an embed code and a QR code. Build an offline package to open the tour with no network at all: in a showroom, on a building site or in a meeting room.',
        imageUrl: '',
        illustration: 'offline',
      },
      {
        title: 'Works market',
        text: 'List a work on the market with a price and a licence (view or copy). After review it is on sale; buyers pay from their balance or by QR code, and the income is yours to withdraw.',
        imageUrl: '',
        illustration: 'market',
      },
      {
        title: 'Flow wallet',
        text: 'Traffic of your published works is billed once a day at published prices. Recharge your balance, buy lease time, or give each work a monthly budget that pauses it before any surprise bill.',
        imageUrl: '',
        illustration: 'wallet',
      },
    ],
    stepsTitle: 'Your first space online in four steps',
    steps: [
      { title: 'Sign up', text: 'Register with your phone in minutes; new members may apply for a free trial.' },
      { title: 'Upload', text: 'Drop in panoramas, models or point clouds; large files resume after a break.' },
      { title: 'Edit the tour', text: 'Once processed, add hotspots, labels and the order of scenes in the editor.' },
      { title: 'Publish and share', text: 'Copy the link or QR code for your clients, or embed the tour in your site.' },
    ],
    faqTitle: 'Frequently asked questions',
    faq: [
      {
        question: 'Do visitors need to install anything?',
        answer: 'No. A tour opens in any phone or desktop browser. For showing it without a network, download its offline package.',
      },
      {
        question: 'Which file formats are supported?',
        answer:
          'Equirectangular panoramas in JPEG or PNG; models in GLB or glTF; point clouds in PLY and similar formats. The upload page lists the formats and size limits that apply.',
      },
      {
        question: 'How is traffic billed?',
        answer:
          'Views of published works are billed daily by requests and data served, at the prices shown on the wallet page. Lease time covers traffic for the months you buy.',
      },
      {
        question: 'How do Professional and Enterprise differ?',
        answer:
          'Both include managing works, the team and the marketing tools; Enterprise adds the works market and services. The comparison below lists what each version includes.',
      },
    ],
  },
};
