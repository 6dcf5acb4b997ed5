export default {
  title: '我的全景模型管理',
  subtitle: '在这里管理你发布的全景漫游、三维模型和点云。',
  overview: {
    label: '概览',
    works: '作品',
    published: '已发布 {{count}}',
    followers: '粉丝',
    following: '关注',
    balance: '余额',
  },
  emptyTitle: '还没有作品',
  emptyText: '作品上传并处理完成后会出现在这里。',
  steps: {
    captureTitle: '采集',
    captureText: '用手机采集端拍摄全景，或准备好三维模型、点云文件。',
    uploadTitle: '上传',
    uploadText: '上传后平台会自动切片、生成预览，并在处理完成后通知你。',
    publishTitle: '发布与分享',
    publishText: '为作品设置封面与标签，上线后即可分享或在市场出售。',
  },
} as const;
