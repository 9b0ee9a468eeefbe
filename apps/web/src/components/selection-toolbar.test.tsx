import Button from '@mui/material/Button';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SelectionToolbar } from './selection-toolbar';

describe('SelectionToolbar', () => {
  it('is a named toolbar that announces how many are selected, then offers its actions', async () => {
    const onApprove = vi.fn();
    const { rerender } = render(
      <SelectionToolbar label="With the selected requests" selected="2 selected">
        <Button onClick={onApprove}>Approve selected</Button>
      </SelectionToolbar>,
    );
    const bar = screen.getByRole('toolbar', { name: 'With the selected requests' });
    expect(within(bar).getByRole('status')).toHaveTextContent('2 selected');
    await userEvent.click(within(bar).getByRole('button', { name: 'Approve selected' }));
    expect(onApprove).toHaveBeenCalledOnce();
    rerender(
      <SelectionToolbar label="With the selected requests" selected="3 selected">
        <Button onClick={onApprove}>Approve selected</Button>
      </SelectionToolbar>,
    );
    expect(within(bar).getByRole('status')).toHaveTextContent('3 selected');
    // It stays in reach while a long list scrolls.
    expect(getComputedStyle(bar).position).toBe('sticky');
  });
});
