// React 19 has useSyncExternalStore built in: @xstate/react's import of the pre-18 shim is aliased here (package.json
// "alias"), so the first chunk does not carry the shim's fallback.
export { useSyncExternalStore } from 'react';
