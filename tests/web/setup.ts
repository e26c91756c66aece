// happy-dom setup for the web tests: React act() environment, Spanish, every screen's and every flow's chunk and the
// toasts' loaded up front (so a screen renders in the frame its panel opens; tests/web/shell.test.tsx covers the loading itself), a clean DOM and
// storage after every test.
import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import { loadStrings } from '../../src/web/i18n';
import { preloadFlows } from '../../machines/flows';
import { preloadScreens } from '../../src/web/panels';
import { loadPart } from '../../src/web/view-parts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

beforeAll(() => Promise.all([preloadScreens(), preloadFlows(), loadPart('toasts'), loadStrings('es')]));

afterEach(() => {
  cleanup();
  localStorage.clear();
  document.body.replaceChildren();
});
