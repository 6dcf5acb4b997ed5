import type { ArgsProps } from 'antd/es/message/interface';
import type { ModalFuncProps } from 'antd/es/modal/interface';

/** A toast's content and options, as antd's message takes them. */
export type Notice = ArgsProps | string;

/**
 * The HTTP client and the guard live outside React but must show antd messages and dialogs in the current
 * theme and locale, and navigate inside the SPA. Until something shows one, antd is not loaded at all
 * (docs/web.md, "Loading"): the first message or dialog mounts the feedback host (app/providers.tsx), which
 * loads antd and connects its context-aware instances here; what was asked for meanwhile is shown then.
 */
export interface Feedback {
  message: Record<'error' | 'success' | 'warning' | 'info', (notice: Notice) => unknown>;
  modal: { confirm: (config: ModalFuncProps) => unknown };
  navigate: (to: string) => void;
}

type Shown = Pick<Feedback, 'message' | 'modal'>;

let host: Shown | undefined;
const waiting: ((shown: Shown) => void)[] = [];
let wanted = false;
const hostListeners = new Set<() => void>();

/** Asks for the feedback host (once); it calls connectFeedbackHost when antd is ready. */
function whenHostReady(show: (shown: Shown) => void): void {
  if (host) {
    show(host);
    return;
  }
  waiting.push(show);
  if (!wanted) {
    wanted = true;
    for (const listener of hostListeners) listener();
  }
}

const deferredMessage: Feedback['message'] = {
  error: (notice) => whenHostReady((shown) => shown.message.error(notice)),
  success: (notice) => whenHostReady((shown) => shown.message.success(notice)),
  warning: (notice) => whenHostReady((shown) => shown.message.warning(notice)),
  info: (notice) => whenHostReady((shown) => shown.message.info(notice)),
};

const deferredModal: Feedback['modal'] = {
  confirm: (config) => whenHostReady((shown) => shown.modal.confirm(config)),
};

const feedback: Feedback = {
  message: deferredMessage,
  modal: deferredModal,
  navigate: (to) => window.location.assign(to),
};

/** Replaces parts of the feedback (the router's navigate; stand-ins in tests). */
export function registerFeedback(next: Partial<Feedback>): void {
  Object.assign(feedback, next);
}

export function getFeedback(): Feedback {
  return feedback;
}

/** Shows an antd confirm dialog (loading antd first if nothing has yet), for code that has no `App.useApp()`. */
export function confirmDialog(config: ModalFuncProps): void {
  void feedback.modal.confirm(config);
}

/** Whether the feedback host has been asked for; the providers mount it from then on. */
export function feedbackHostWanted(): boolean {
  return wanted;
}

export function onFeedbackHostWanted(listener: () => void): () => void {
  hostListeners.add(listener);
  return () => hostListeners.delete(listener);
}

/** The mounted host's antd instances: what waited is shown now, what comes later at once. */
export function connectFeedbackHost(shown: Shown): () => void {
  host = shown;
  for (const show of waiting.splice(0)) show(shown);
  return () => {
    if (host === shown) host = undefined;
  };
}
