export default {
  title: '我的全景模型管理',
  subtitle: '在这里管理你发布的全景漫游、三维模型和点云。',
  overview: {
    label: '概览',
    works: '作品',
    published: '在线 {{count}}',
    followers: '粉丝',
    following: '关注',
    balance: '余额',
  },
} as const;
