// The shared keyboard patterns on real views: tabs above a list (ListTabs) select with the arrow keys and keep one
// tab in the Tab order; the ticket's menu moves with Up, Down, Home and End and closes with Escape.
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ListTabs } from '../../src/web/components/list-tabs';
import { TicketMenu } from '../../src/web/components/ticket-menu';

function Tabs({ onSelect }: { onSelect: (tab: string) => void }) {
  const [selected, setSelected] = useState('SALE');
  const select = (tab: string) => {
    onSelect(tab);
    setSelected(tab);
  };
  const tabs = [
    { value: 'SALE', label: 'Sale' },
    { value: 'SOLD', label: 'Sold' },
    { value: 'GONE', label: 'Gone' },
  ];
  return (
    <ListTabs id="t" label="Listings" tabs={tabs} selected={selected} onSelect={select}>
      <p>{selected} list</p>
    </ListTabs>
  );
}

describe('tabs above a list', () => {
  it('select the next tab with the arrow keys, wrap, jump with Home and End, and label the panel', () => {
    const onSelect = vi.fn();
    render(<Tabs onSelect={onSelect} />);
    const sale = screen.getByRole('tab', { name: 'Sale' });
    sale.focus();
    fireEvent.keyDown(sale, { key: 'ArrowRight' });
    expect(onSelect).toHaveBeenLastCalledWith('SOLD');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Sold' }));
    expect(screen.getByRole('tabpanel', { name: 'Sold' }).textContent).toBe('SOLD list');
    fireEvent.keyDown(document.activeElement!, { key: 'End' });
    expect(onSelect).toHaveBeenLastCalledWith('GONE');
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    expect(onSelect).toHaveBeenLastCalledWith('SALE');
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowLeft' });
    expect(onSelect).toHaveBeenLastCalledWith('GONE');
    // Only the selected tab is in the Tab order.
    expect(screen.getAllByRole('tab').map((tab) => tab.tabIndex)).toEqual([-1, -1, 0]);
  });
});

describe('the ticket menu', () => {
  it('moves with Up, Down, Home and End, and Escape closes it back onto its button', () => {
    const onClose = vi.fn();
    const props = { canSwap: true, canResell: true, onToggle: vi.fn(), onClose, onSwap: vi.fn(), onResell: vi.fn() };
    render(<TicketMenu open {...props} />);
    const [swap, resell] = screen.getAllByRole('menuitem');
    swap!.focus();
    fireEvent.keyDown(swap!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(resell);
    fireEvent.keyDown(resell!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(swap);
    fireEvent.keyDown(swap!, { key: 'End' });
    expect(document.activeElement).toBe(resell);
    fireEvent.keyDown(resell!, { key: 'Home' });
    expect(document.activeElement).toBe(swap);
    fireEvent.keyDown(swap!, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledOnce();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: /more actions/i }));
  });
});
