export default {
  mainNav: '主导航',
  sidebar: '侧边菜单',
  toggleSidebar: '展开或收起侧边栏',
  breadcrumb: '面包屑导航',
  userMenu: '用户菜单',
  footer: {
    privacy: '隐私政策',
    servicePhone: '客服电话',
    serviceHours: '服务时间',
    softwareNotice: '软件服务',
    certificates: '证书编号',
    unavailable: '站点信息暂时无法加载',
  },
  download: {
    title: '下载手机采集端',
    hint: '使用手机扫描二维码下载安装',
    direct: '直接下载安装包',
    unavailable: '暂时无法获取下载地址，请稍后再试。',
    pageText: '用手机在现场采集，直接上传到你的作品。',
    notPublished: '本站暂未发布采集端安装包。',
    askService: '可联系客服获取：{{phone}}（{{hours}}）',
  },
} as const;
