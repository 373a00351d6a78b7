import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';
import { rupeesTextToPaise } from './units';

/**
 * Why an amount typed in rupees cannot be sent (docs/product.md §5 texts where they apply), or
 * null.
 */
export function amountProblem(
  text: string | undefined,
  maxPaise: number,
): 'amountRequired' | 'amountFormat' | 'amountZero' | 'amountTooHigh' | null {
  if (text === undefined || text.trim() === '') return 'amountRequired';
  const paise = rupeesTextToPaise(text);
  if (paise === null) return 'amountFormat';
  if (paise === 0) return 'amountZero';
  if (paise > maxPaise) return 'amountTooHigh';
  return null;
}

/** The form rule of an amount field: required, rupees, not 0, at most `maxPaise`. */
export function amountRules(t: TFunction, maxPaise: number): Rule[] {
  return [
    {
      validator: (_rule, value: string | undefined) => {
        const problem = amountProblem(value, maxPaise);
        return problem
          ? Promise.reject(new Error(t(`repay.validation.${problem}`)))
          : Promise.resolve();
      },
    },
  ];
}
