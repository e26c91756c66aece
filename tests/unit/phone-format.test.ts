// Phone numbers as the settings show them (issue 23, polish): stored as E.164, read with spaces.
import { describe, expect, it } from 'vitest';
import { formatPhone } from '../../machines/phone';

describe('formatPhone', () => {
  it('groups a stored number the way its country writes it, in international form', () => {
    expect(formatPhone('+61412345678')).toBe('+61 412 345 678');
    expect(formatPhone('+34612345678')).toBe('+34 612 34 56 78');
  });

  it('shows a number the metadata cannot read as it is stored', () => {
    expect(formatPhone('not a number')).toBe('not a number');
  });
});
