import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { DEFAULT_ALLOCATION_ORDER, type RepaymentComponent } from '../loan-config-form-model';
import './allocation-order-input.css';

/**
 * The order in which a repayment pays the components (a form control: value and onChange
 * come from Form.Item). Reordering by buttons keeps it a permutation of all five, which is
 * what the server requires.
 */
export function AllocationOrderInput({
  id,
  value = [...DEFAULT_ALLOCATION_ORDER],
  onChange,
}: {
  id?: string;
  value?: RepaymentComponent[];
  onChange?: (value: RepaymentComponent[]) => void;
}) {
  const { t } = useTranslation();
  const move = (index: number, by: -1 | 1) => {
    const next = [...value];
    const [moved] = next.splice(index, 1);
    if (moved === undefined) return;
    next.splice(index + by, 0, moved);
    onChange?.(next);
  };
  const isDefault = value.every(
    (component, index) => component === DEFAULT_ALLOCATION_ORDER[index],
  );

  return (
    <div id={id}>
      <ol className="allocation-order" aria-label={t('loanConfig.fields.allocationOrder')}>
        {value.map((component, index) => {
          const name = t(`loanConfig.components.${component}`);
          return (
            <li key={component} className="allocation-order-item">
              <span>{name}</span>
              <Space size={0}>
                <Button
                  size="small"
                  type="text"
                  icon={<ArrowUpOutlined />}
                  disabled={index === 0}
                  aria-label={t('loanConfig.allocation.moveUp', { component: name })}
                  onClick={() => move(index, -1)}
                />
                <Button
                  size="small"
                  type="text"
                  icon={<ArrowDownOutlined />}
                  disabled={index === value.length - 1}
                  aria-label={t('loanConfig.allocation.moveDown', { component: name })}
                  onClick={() => move(index, 1)}
                />
              </Space>
            </li>
          );
        })}
      </ol>
      <Button
        type="link"
        size="small"
        disabled={isDefault}
        style={{ paddingInline: 0 }}
        onClick={() => onChange?.([...DEFAULT_ALLOCATION_ORDER])}
      >
        {t('loanConfig.allocation.restoreDefault')}
      </Button>
    </div>
  );
}
