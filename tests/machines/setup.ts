// Setup of the machine tests: every flow's machine and every panel's screen loaded up front, as after a first visit
// to its panel, so a wallet starts a flow in the step its panel opens (tests/machines/wallet-router.test.ts covers the
// download itself); the screens' kit filled first, as the app's first chunk fills it (src/web/kit.ts).
import { beforeAll } from 'vitest';
import '../../machines/fill-kit';
import '../../src/web/fill-kit';
import { preloadFlows } from '../../machines/flows';

beforeAll(() => preloadFlows());
