/**
 * How long after a code went out Resend stays disabled (the login machine's resendCooldown delay), and how often its
 * `resend` region counts the seconds left down for the code screen (resendTick). A module of its own so neither the
 * screen's chunk nor the flow's carries the other.
 */
export const RESEND_COOLDOWN_MS = 30_000;
export const RESEND_TICK_MS = 1_000;
