import { App } from 'antd';
import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';

/** The confirmation's words, translated by the caller. */
export interface LeaveGuardTexts {
  title: string;
  text: string;
  leave: string;
  stay: string;
}

/**
 * While changes are unsaved: a navigation to another page in the app asks first (leave or stay), and
 * closing or reloading the tab lets the browser ask. One question at a time, however often the router
 * reports the blocked navigation.
 */
export function useLeaveGuard(dirty: boolean, texts: LeaveGuardTexts): void {
  const { modal } = App.useApp();
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);
  const asking = useRef(false);
  const { title, text, leave, stay } = texts;

  useEffect(() => {
    if (blocker.state !== 'blocked' || asking.current) return;
    asking.current = true;
    modal.confirm({
      title,
      content: text,
      okText: leave,
      okButtonProps: { danger: true },
      cancelText: stay,
      onOk: () => {
        asking.current = false;
        blocker.proceed();
      },
      onCancel: () => {
        asking.current = false;
        blocker.reset();
      },
    });
  }, [blocker, modal, title, text, leave, stay]);

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when a value is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
}
