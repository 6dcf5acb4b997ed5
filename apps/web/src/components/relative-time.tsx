import type { HTMLAttributes } from 'react';
import { formatRelativeTime, type TimeInput } from '../lib/format';

interface RelativeTimeProps extends Omit<HTMLAttributes<HTMLTimeElement>, 'children'> {
  at: TimeInput;
  /** The words around "3 minutes ago"; without it, the phrase alone. */
  phrase?: (relative: string) => string;
}

/** A past moment as people say it ("3 minutes ago"), with the exact time in `dateTime` for machines. */
export function RelativeTime({ at, phrase, ...time }: RelativeTimeProps) {
  const relative = formatRelativeTime(at);
  return (
    <time {...time} dateTime={new Date(at).toISOString()}>
      {phrase ? phrase(relative) : relative}
    </time>
  );
}
