import { message, Modal, type ModalFuncProps } from 'antd';

/** antd's static message and confirm, for places outside the ConfigProvider. */
export function staticMessage(
  kind: 'error' | 'success' | 'warning',
  args: { content: string; duration?: number },
): void {
  void message[kind](args);
}

export function staticConfirm(props: ModalFuncProps): void {
  Modal.confirm(props);
}
