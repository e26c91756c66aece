// The code screen's Resend countdown, on the view alone with a fake clock: it starts at 30 s when a code has just
// gone out, counts down each second, and gives way to "Resend code" when the machine ends the cooldown.
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OtpView, type OtpViewProps } from '../../src/web/screens/otp-screen';

const props: OtpViewProps = {
  email: 'ada@example.com',
  otp: { value: '', error: null, status: 'default' },
  busy: false,
  canResend: false,
  coolingDown: true,
  onOtpChange: () => {},
  onOtpBlur: () => {},
  onSubmit: () => {},
  onResend: () => {},
  onBack: () => {},
};

afterEach(() => vi.useRealTimers());

describe('the Resend countdown', () => {
  it('counts the seconds down from 30 while the machine holds Resend back', () => {
    vi.useFakeTimers();
    const view = render(<OtpView {...props} />);
    expect(screen.getByRole('button', { name: 'Resend code in 30 s' })).toBeTruthy();
    act(() => vi.advanceTimersByTime(10_000));
    expect(screen.getByRole('button', { name: 'Resend code in 20 s' })).toBeTruthy();
    view.rerender(<OtpView {...props} coolingDown={false} canResend />);
    expect((screen.getByRole('button', { name: 'Resend code' }) as HTMLButtonElement).disabled).toBe(false);
    // The next code starts the count again.
    view.rerender(<OtpView {...props} coolingDown />);
    expect(screen.getByRole('button', { name: 'Resend code in 30 s' })).toBeTruthy();
  });
});
