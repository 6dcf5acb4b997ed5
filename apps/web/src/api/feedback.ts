import { message as staticMessage, Modal } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import type { ModalStaticFunctions } from 'antd/es/modal/confirm';

/**
 * The HTTP client lives outside React but must show antd messages and dialogs in the current theme
 * and locale, and navigate inside the SPA. The providers register the context-aware instances here.
 */
export interface Feedback {
  message: Pick<MessageInstance, 'error' | 'success' | 'warning' | 'info'>;
  modal: Pick<ModalStaticFunctions, 'confirm'>;
  navigate: (to: string) => void;
}

const feedback: Feedback = {
  message: staticMessage,
  modal: Modal,
  navigate: (to) => window.location.assign(to),
};

export function registerFeedback(next: Partial<Feedback>): void {
  Object.assign(feedback, next);
}

export function getFeedback(): Feedback {
  return feedback;
}
