// The code screen's Resend button on the view alone: it shows the seconds the login machine's `resend` region has
// left (tests/machines/login.test.ts counts them down), and gives way to "Resend code" when the wait is over.
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OtpView, type OtpViewProps } from '../../src/web/screens/otp-screen';

const props: OtpViewProps = {
  email: 'ada@example.com',
  otp: { value: '', error: null, status: 'default' },
  busy: false,
  canResend: false,
  resendSecondsLeft: 30,
  onOtpChange: () => {},
  onOtpBlur: () => {},
  onSubmit: () => {},
  onResend: () => {},
  onBack: () => {},
};

describe('the Resend countdown', () => {
  it('shows the seconds left while the machine holds Resend back, then Resend code', () => {
    const view = render(<OtpView {...props} />);
    expect((screen.getByRole('button', { name: 'Resend code in 30 s' }) as HTMLButtonElement).disabled).toBe(true);
    view.rerender(<OtpView {...props} resendSecondsLeft={20} />);
    expect(screen.getByRole('button', { name: 'Resend code in 20 s' })).toBeTruthy();
    view.rerender(<OtpView {...props} resendSecondsLeft={0} canResend />);
    expect((screen.getByRole('button', { name: 'Resend code' }) as HTMLButtonElement).disabled).toBe(false);
  });
});
