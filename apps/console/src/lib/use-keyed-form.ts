import { Form, type FormInstance } from 'antd';
import { useEffect, useRef, type RefObject } from 'react';
import { newIdempotencyKey } from './idempotency-key';

/**
 * A dialog's form and idempotency key, both fresh at each opening: a second press
 * or a retry of the same request replays it, a new opening is a new request. Effects declared
 * after this one (initial values) run after the reset.
 */
export function useKeyedForm<Values>(
  open: boolean,
  action: string,
): { form: FormInstance<Values>; key: RefObject<string> } {
  const [form] = Form.useForm<Values>();
  const key = useRef('');
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    key.current = newIdempotencyKey(action);
  }, [open, form, action]);
  return { form, key };
}
