import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form, Input } from 'antd';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../lib/i18n';
import { renderAt } from '../../test/render';
import { FilterActions } from './filter-actions';

function Filters({ onSearch, onReset }: { onSearch: (v: unknown) => void; onReset: () => void }) {
  const [form] = Form.useForm();
  return (
    <Form form={form} initialValues={{ email: 'from-url@example.com' }} onFinish={onSearch}>
      <Form.Item label="E-mail" name="email">
        <Input />
      </Form.Item>
      <FilterActions form={form} onReset={onReset}>
        <button type="button">New account</button>
      </FilterActions>
    </Form>
  );
}

describe('FilterActions', () => {
  beforeAll(async () => {
    await i18n.changeLanguage('en');
  });

  it('searches with the typed filters, and Reset empties the fields the URL filled', async () => {
    const onSearch = vi.fn();
    const onReset = vi.fn();
    renderAt(<Filters onSearch={onSearch} onReset={onReset} />);
    const email = await screen.findByLabelText('E-mail');
    expect(email).toHaveValue('from-url@example.com');
    expect(screen.getByRole('button', { name: 'New account' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(onSearch).toHaveBeenCalledWith({ email: 'from-url@example.com' }));

    await userEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect(email).toHaveValue('');
    expect(onReset).toHaveBeenCalledTimes(1);
  });
});
