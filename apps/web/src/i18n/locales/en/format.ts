export default {
  justNow: 'just now',
  minutesAgo_one: '{{count}} minute ago',
  minutesAgo_other: '{{count}} minutes ago',
  hoursAgo_one: '{{count}} hour ago',
  hoursAgo_other: '{{count}} hours ago',
  oneDayAgo: '1 day ago',
  minute_one: '{{count}} minute',
  minute_other: '{{count}} minutes',
  hour_one: '{{count}} hour',
  hour_other: '{{count}} hours',
  day_one: '{{count}} day',
  day_other: '{{count}} days',
} as const;
