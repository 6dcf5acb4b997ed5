import { Dialog } from 'antd-mobile';
import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';

export interface LeaveTexts {
  title: string;
  text: string;
  leave: string;
  stay: string;
}

/**
 * The phone's leave guard (lib/use-leave-guard.ts is the console's, on desktop antd): while `busy`, going to
 * another page in the app asks first with antd-mobile's dialog, and closing or reloading the tab lets the browser ask.
 */
export function useMobileLeaveGuard(busy: boolean, texts: LeaveTexts): void {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => busy && currentLocation.pathname !== nextLocation.pathname);
  const asking = useRef(false);
  const { title, text, leave, stay } = texts;

  useEffect(() => {
    if (blocker.state !== 'blocked' || asking.current) return;
    asking.current = true;
    void Dialog.confirm({ title, content: text, confirmText: leave, cancelText: stay }).then((leaving) => {
      asking.current = false;
      if (leaving) blocker.proceed();
      else blocker.reset();
    });
  }, [blocker, title, text, leave, stay]);

  useEffect(() => {
    if (!busy) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [busy]);
}
