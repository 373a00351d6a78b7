import type { message, Modal, ModalFuncProps } from 'antd';

type MessageApi = ReturnType<typeof message.useMessage>[0];
type ModalApi = ReturnType<typeof Modal.useModal>[0];

/**
 * Toasts and dialogs for code outside React (the request client, the route guard).
 *
 * In the signed-in layout they go through hook instances bound under the ConfigProvider, so
 * they follow the theme, size and locale. Elsewhere (the sign-in page) antd's static
 * functions are loaded on demand: Ant Design is not part of the sign-in page's first load.
 */
let boundMessage: MessageApi | null = null;
let boundModal: ModalApi | null = null;

export function bindMessage(api: MessageApi | null): void {
  boundMessage = api;
}

export function bindModal(api: ModalApi | null): void {
  boundModal = api;
}

function loadStatic() {
  return import('./static-feedback');
}

/** Starts loading the static feedback code (and with it Ant Design) while the user types. */
export function prefetchFeedback(): void {
  void loadStatic();
}

type Kind = 'error' | 'success' | 'warning';

function toast(kind: Kind, content: string, durationMs?: number) {
  const args = { content, ...(durationMs === undefined ? {} : { duration: durationMs / 1000 }) };
  if (boundMessage) {
    void boundMessage[kind](args);
    return;
  }
  void loadStatic().then(({ staticMessage }) => staticMessage(kind, args));
}

export const feedback = {
  error(content: string, durationMs: number): void {
    toast('error', content, durationMs);
  },
  success(content: string): void {
    toast('success', content);
  },
  warning(content: string): void {
    toast('warning', content);
  },
  confirm(props: ModalFuncProps): void {
    if (boundModal) {
      boundModal.confirm(props);
      return;
    }
    void loadStatic().then(({ staticConfirm }) => staticConfirm(props));
  },
};
