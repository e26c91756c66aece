/**
 * How long after a code went out Resend stays disabled: the login machine's resendCooldown delay, and the code
 * screen's countdown. A module of its own so neither the screen's chunk nor the flow's carries the other.
 */
export const RESEND_COOLDOWN_MS = 30_000;
