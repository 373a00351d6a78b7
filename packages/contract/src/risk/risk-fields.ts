/**
 * The fields a risk rule can read: a closed, typed catalogue (no free-form code, no eval).
 * Each field names its class (where the value comes from), its type and the operators that
 * make sense for it. No field reads contacts, call logs or SMS: the product does not collect
 * them (India, RBI Digital Lending Directions).
 */
export const riskOperators = ['>', '>=', '<', '<=', '==', '!=', 'in', 'notIn'] as const;
export type RiskOperatorName = (typeof riskOperators)[number];

const NUMBER_OPS = ['>', '>=', '<', '<=', '==', '!='] as const;
const TEXT_OPS = ['==', '!=', 'in', 'notIn'] as const;

export interface RiskFieldDefinition {
  name: string;
  className: 'identity' | 'income' | 'bureau' | 'history' | 'application' | 'device' | 'profile';
  type: 'number' | 'text' | 'enum';
  operators: readonly RiskOperatorName[];
  /** The values an enum field takes. */
  values?: readonly string[];
  /** Inclusive bounds a number comparison value must lie in. */
  min?: number;
  max?: number;
}

export const riskFieldCatalogue: readonly RiskFieldDefinition[] = [
  { name: 'age', className: 'identity', type: 'number', operators: NUMBER_OPS, min: 0, max: 120 },
  { name: 'region', className: 'profile', type: 'text', operators: TEXT_OPS },
  { name: 'occupation', className: 'profile', type: 'text', operators: TEXT_OPS },
  {
    name: 'monthlyIncomePaise',
    className: 'income',
    type: 'number',
    operators: NUMBER_OPS,
    min: 0,
    max: 1e12,
  },
  {
    name: 'bureauScore',
    className: 'bureau',
    type: 'number',
    operators: NUMBER_OPS,
    min: 0,
    max: 999,
  },
  {
    name: 'customerType',
    className: 'history',
    type: 'enum',
    operators: TEXT_OPS,
    values: ['new', 'old'],
  },
  {
    name: 'previousLoans',
    className: 'history',
    type: 'number',
    operators: NUMBER_OPS,
    min: 0,
    max: 10000,
  },
  {
    name: 'maxOverdueDaysEver',
    className: 'history',
    type: 'number',
    operators: NUMBER_OPS,
    min: 0,
    max: 100000,
  },
  {
    name: 'productKind',
    className: 'application',
    type: 'enum',
    operators: TEXT_OPS,
    values: ['first', 'reloan'],
  },
  {
    name: 'principalPaise',
    className: 'application',
    type: 'number',
    operators: NUMBER_OPS,
    min: 0,
    max: 1e12,
  },
  { name: 'channel', className: 'application', type: 'text', operators: TEXT_OPS },
  {
    name: 'deviceOs',
    className: 'device',
    type: 'enum',
    operators: TEXT_OPS,
    values: ['android', 'ios', 'web'],
  },
];

export const riskFieldNames = riskFieldCatalogue.map((field) => field.name);

export function riskFieldOf(name: string): RiskFieldDefinition | undefined {
  return riskFieldCatalogue.find((field) => field.name === name);
}

/**
 * Why a rule's field, operator and comparison value do not fit together, or null when they do.
 * `field` is the body field at fault; the message names the catalogue field.
 */
export function riskExpressionProblem(input: {
  fieldName: string;
  expression: string;
  comparisonValue: string;
}): { field: 'fieldName' | 'expression' | 'comparisonValue'; message: string } | null {
  const definition = riskFieldOf(input.fieldName);
  if (!definition) {
    return { field: 'fieldName', message: `${input.fieldName}: not a field rules can read` };
  }
  if (!definition.operators.includes(input.expression as RiskOperatorName)) {
    return {
      field: 'expression',
      message: `${definition.name}: the expression must be one of ${definition.operators.join(' ')}`,
    };
  }
  const value = input.comparisonValue.trim();
  if (value === '') {
    return {
      field: 'comparisonValue',
      message: `${definition.name}: a comparison value is needed`,
    };
  }
  if (definition.type === 'number') {
    const number = Number(value);
    if (!/^-?\d+(\.\d+)?$/.test(value) || !Number.isFinite(number)) {
      return { field: 'comparisonValue', message: `${definition.name}: must be a number` };
    }
    if (
      (definition.min !== undefined && number < definition.min) ||
      (definition.max !== undefined && number > definition.max)
    ) {
      return {
        field: 'comparisonValue',
        message: `${definition.name}: must be between ${definition.min} and ${definition.max}`,
      };
    }
    return null;
  }
  const list =
    input.expression === 'in' || input.expression === 'notIn'
      ? value.split(',').map((item) => item.trim())
      : [value];
  if (list.some((item) => item === '')) {
    return { field: 'comparisonValue', message: `${definition.name}: an empty value in the list` };
  }
  if (definition.values) {
    const unknown = list.find((item) => !definition.values!.includes(item));
    if (unknown !== undefined) {
      return {
        field: 'comparisonValue',
        message: `${definition.name}: ${unknown} is not one of ${definition.values.join(', ')}`,
      };
    }
  }
  return null;
}
