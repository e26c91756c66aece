// The palette, the reset and the shared motion (styles/tokens.css): the first sheet of every root the wallet draws
// into. Only the loader bundles it: it applies it to its launcher and frame, and hands the same text to the app when
// it mounts (mountWallet's `tokens`), so the app's first chunk does not carry it a second time.
import tokensCss from 'bundle-text:./styles/tokens.css';

export { tokensCss };
