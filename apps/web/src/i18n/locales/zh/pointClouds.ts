/** 点云列表（/pointCloudList，权限 460）。 */
export default {
  title: '点云列表',
  subtitle: '你的点云作品：转换进度，以及每个作品的查看器入口。',
  search: '按名称搜索点云',
  count: '共 {{count}} 个点云',
  points: '{{formatted}} 个点',
  noPoints: '尚未转换',
  updated: '{{time}}更新',
  open: '打开',
  openLabel: '打开“{{name}}”的查看器',
  notOpenable: '处理完成后即可打开',
  processingLabel: '“{{name}}”的转换进度',
  loadFailed: '点云列表加载失败',
  retry: '重试',
  empty: {
    title: '还没有点云',
    text: '新建点云作品并上传 LAS、LAZ、PLY 或 XYZ 文件，转换完成后即可在此打开。',
    create: '新建点云作品',
    noMatch: '没有名称包含“{{keyword}}”的点云',
  },
};
