export default {
  justNow: '刚刚',
  minutesAgo: '{{count}} 分钟前',
  hoursAgo: '{{count}} 小时前',
  oneDayAgo: '1 天前',
  minute: '{{count}} 分钟',
  hour: '{{count}} 小时',
  day: '{{count}} 天',
} as const;
