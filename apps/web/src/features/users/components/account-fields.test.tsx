import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { AccountFields } from './account-fields';

function Form() {
  const { control } = useForm({ defaultValues: { user_type: 'HR', is_director: false, is_manager: false } });
  return <AccountFields control={control} />;
}

describe('the account type list', () => {
  it('marks INTERPRETER and GUEST as monitoring agent only, and staff types plainly', async () => {
    render(<Form />);
    await userEvent.click(screen.getByRole('combobox', { name: /type/i }));
    const list = await screen.findByRole('listbox');
    expect(within(list).getByRole('option', { name: 'INTERPRETER — monitoring agent only' })).toBeInTheDocument();
    expect(within(list).getByRole('option', { name: 'GUEST — monitoring agent only' })).toBeInTheDocument();
    expect(within(list).getByRole('option', { name: 'QUALITY' })).toBeInTheDocument();
  });
});
