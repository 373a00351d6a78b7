import type { Language } from './languages.js';

/**
 * Why a field was refused, as data: the server names the reason and the message is written
 * in the caller's language when the answer is sent. "must be a whole number" tells a caller
 * what to change; a parser's own sentence ("expected number, received string") does not.
 */
export type ValidationReason =
  | { kind: 'required' }
  | { kind: 'unknownField' }
  | { kind: 'wholeNumber' }
  | { kind: 'number' }
  | { kind: 'text' }
  | { kind: 'trueOrFalse' }
  | { kind: 'list' }
  | { kind: 'object' }
  | { kind: 'atLeast'; limit: string }
  | { kind: 'atMost'; limit: string }
  | { kind: 'above'; limit: string }
  | { kind: 'below'; limit: string }
  | { kind: 'notBefore'; limit: string }
  | { kind: 'minLength'; limit: string }
  | { kind: 'maxLength'; limit: string }
  | { kind: 'minItems'; limit: string }
  | { kind: 'maxItems'; limit: string }
  | { kind: 'multipleOf'; limit: string }
  | { kind: 'oneOf'; options: string }
  | { kind: 'email' }
  | { kind: 'format' }
  | { kind: 'invalid' }
  /** A day up to the last day finance locked (a month lock): `limit` is that day. */
  | { kind: 'lockedPeriod'; limit: string };

export type ValidationReasonKind = ValidationReason['kind'];

type ReasonTexts = Record<ValidationReasonKind, string>;

const en: ReasonTexts = {
  required: 'required',
  unknownField: 'unknown field',
  wholeNumber: 'must be a whole number',
  number: 'must be a number',
  text: 'must be text',
  trueOrFalse: 'must be true or false',
  list: 'must be a list',
  object: 'must be an object',
  atLeast: 'must be at least {limit}',
  atMost: 'must be at most {limit}',
  above: 'must be more than {limit}',
  below: 'must be less than {limit}',
  notBefore: 'must not be before {limit}',
  minLength: 'must be at least {limit} characters',
  maxLength: 'must be at most {limit} characters',
  minItems: 'must have at least {limit} items',
  maxItems: 'must have at most {limit} items',
  multipleOf: 'must be a multiple of {limit}',
  oneOf: 'must be one of {options}',
  email: 'must be an e-mail address',
  format: 'has the wrong format',
  invalid: 'is not valid',
  lockedPeriod: 'falls in a period locked through {limit}',
};

const zh: ReasonTexts = {
  required: '必填',
  unknownField: '未知字段',
  wholeNumber: '必须是整数',
  number: '必须是数字',
  text: '必须是文本',
  trueOrFalse: '必须是 true 或 false',
  list: '必须是列表',
  object: '必须是对象',
  atLeast: '不能小于 {limit}',
  atMost: '不能大于 {limit}',
  above: '必须大于 {limit}',
  below: '必须小于 {limit}',
  notBefore: '不能早于 {limit}',
  minLength: '至少 {limit} 个字符',
  maxLength: '最多 {limit} 个字符',
  minItems: '至少 {limit} 项',
  maxItems: '最多 {limit} 项',
  multipleOf: '必须是 {limit} 的倍数',
  oneOf: '必须是以下之一：{options}',
  email: '必须是邮箱地址',
  format: '格式不正确',
  invalid: '无效',
  lockedPeriod: '属于已锁定的期间（锁定至 {limit}）',
};

const reasonTexts: Record<Language, Partial<ReasonTexts>> = { en, zh, bur: {} };

/** The reason as a sentence fragment in `language` (English where no translation is known). */
export function describeReason(reason: ValidationReason, language: Language): string {
  const template = reasonTexts[language][reason.kind] ?? en[reason.kind];
  return template
    .replace('{limit}', 'limit' in reason ? reason.limit : '')
    .replace('{options}', 'options' in reason ? reason.options : '');
}
