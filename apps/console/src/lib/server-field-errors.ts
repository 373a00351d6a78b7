import type { FormInstance } from 'antd';
import { RequestError } from './request';

/**
 * Shows a refusal's field errors at the form's fields (the API names its own fields; `names`
 * maps them to the form's). Other refusals were toasted by the request client.
 */
export function showFieldErrors(
  form: FormInstance,
  error: unknown,
  names: Record<string, string>,
): void {
  if (!(error instanceof RequestError)) return;
  const fields = error.fieldErrors.flatMap(({ field, message }) => {
    const name = names[field];
    return name ? [{ name, errors: [message] }] : [];
  });
  if (fields.length > 0) form.setFields(fields);
}
