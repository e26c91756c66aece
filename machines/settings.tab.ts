// The settings' tab from SETTINGS_TAB (docs/product.md §2, §9 account tabs). Apart from machines/settings.ts so the wallet, which
// computes the flow's input, does not pull the settings machine (and its phone metadata) into the first chunk.
export type SettingsTab = 'PERSONAL_INFO' | 'ACCOUNT_VERIFICATION';

/** ACCOUNT_VERIFICATION opens the payout tab; any other value, or none, the account tab. */
export const settingsTabOf = (param: string | null | undefined): SettingsTab =>
  param?.toUpperCase() === 'ACCOUNT_VERIFICATION' ? 'ACCOUNT_VERIFICATION' : 'PERSONAL_INFO';
