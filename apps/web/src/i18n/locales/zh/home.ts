export default {
  hero: {
    eyebrow: '全景漫游 · 三维模型 · 点云',
    title: '把真实空间，变成可以分享的作品',
    subtitle: '拍摄、上传、自动处理、在线发布。Spatia 为摄影师、设计师、客户和商家提供一站式的空间作品云服务。',
    primary: '开始创作',
    primarySignedIn: '进入管理空间',
    secondary: '下载手机采集端',
    viewerLabel: '全景预览示意',
  },
  pillars: {
    title: '三种空间作品，一个平台',
    panorama: {
      title: '全景 VR 漫游',
      text: '把多个全景点串成可自由走动的漫游，支持热点、导览与手机陀螺仪浏览。',
    },
    model: {
      title: '三维模型',
      text: '上传三维模型，自动压缩与生成预览，在浏览器中直接旋转、缩放查看。',
    },
    pointCloud: {
      title: '点云',
      text: '大规模点云分块切片、按需加载，在普通电脑和手机上也能流畅浏览。',
    },
  },
  showcase: {
    title: '精选作品',
    subtitle: '在浏览器中直接打开，无需安装任何应用或插件。',
    open: '打开',
  },
  pipeline: {
    title: '从拍摄到发布，一条流水线',
    subtitle: '上传之后的工作交给平台，你只需要关注作品本身。',
    steps: {
      capture: { title: '采集', text: '用手机采集端拍摄，或导入相机与扫描设备的文件。' },
      upload: { title: '上传', text: '断点续传，网络中断后从中断处继续。' },
      process: { title: '处理', text: '自动切片、压缩、生成封面与多级细节。' },
      publish: { title: '发布', text: '填写名称、描述与标签，审核通过后上线。' },
      share: { title: '分享与出售', text: '生成链接与二维码，或在市场中出售。' },
    },
  },
  commerce: {
    title: '分享给客户，也可以出售',
    items: {
      share: { title: '一键分享', text: '链接与二维码可直接发给客户，手机打开即看。' },
      market: { title: '作品市场', text: '把作品上架到市场，或定向出售给指定用户。' },
      offline: { title: '离线包', text: '导出离线包，在没有网络的展厅中同样可以展示。' },
      team: { title: '团队协作', text: '把项目分发给团队成员，收益与流量清晰可查。' },
    },
  },
  closing: {
    title: '准备好展示你的空间了吗？',
    text: '登录后即可在管理空间中上传和管理作品。',
  },
} as const;
