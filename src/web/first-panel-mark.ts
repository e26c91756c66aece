// The performance mark the shell sets when the first panel's screen has rendered: the bench (tests/bench) and any
// real-user monitoring on the host page read it.
export const FIRST_PANEL_MARK = 'ticket-wallet:first-panel';
