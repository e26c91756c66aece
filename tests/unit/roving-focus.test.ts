// Where the arrow keys, Home and End move focus in a tab list, a menu or a listbox (src/web/use-roving-focus.ts).
import { describe, expect, it } from 'vitest';
import { targetIndex } from '../../src/web/use-roving-focus';

describe('roving focus', () => {
  it('moves along a row with Left and Right, wrapping at the ends', () => {
    expect(targetIndex('ArrowRight', 'horizontal', 0, 3)).toBe(1);
    expect(targetIndex('ArrowRight', 'horizontal', 2, 3)).toBe(0);
    expect(targetIndex('ArrowLeft', 'horizontal', 0, 3)).toBe(2);
    expect(targetIndex('ArrowDown', 'horizontal', 0, 3)).toBeNull();
  });

  it('moves along a column with Up and Down', () => {
    expect(targetIndex('ArrowDown', 'vertical', 1, 3)).toBe(2);
    expect(targetIndex('ArrowUp', 'vertical', 1, 3)).toBe(0);
    expect(targetIndex('ArrowRight', 'vertical', 1, 3)).toBeNull();
  });

  it('enters from outside at the first item going forward and the last going back', () => {
    expect(targetIndex('ArrowDown', 'vertical', -1, 3)).toBe(0);
    expect(targetIndex('ArrowUp', 'vertical', -1, 3)).toBe(2);
  });

  it('jumps to the ends with Home and End, and ignores other keys and empty groups', () => {
    expect(targetIndex('Home', 'vertical', 2, 3)).toBe(0);
    expect(targetIndex('End', 'horizontal', 0, 3)).toBe(2);
    expect(targetIndex('Enter', 'horizontal', 0, 3)).toBeNull();
    expect(targetIndex('ArrowDown', 'vertical', -1, 0)).toBeNull();
  });
});
