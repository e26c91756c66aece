// The first chunk hands the flows' chunks what they take from it (kit.ts), once, when its module runs. Whatever loads
// the flows' modules imports this first: the app (create-wallet.ts), the registry (index.ts), the tests' setups.
import { addRoutes } from '../src/client/client';
import { errorCode, failureKey, httpStatus, isApiRequestError, retryAfterSeconds } from '../src/client/errors';
import { ENTRY_CODE_HEADER } from '../src/contract/base';
import { languageOf } from '../src/contract/languages';
import { type FlowKit, flowKit } from './kit';
import { selectFlowQuestion, selectIsHubFading, selectLanguage } from './panel.screen-selectors';
import { reportError } from './services';
import { standIn } from './stand-in';
import { encodeUserTicketId } from './ticket-id';

const filled: FlowKit = {
  addRoutes,
  errorCode,
  failureKey,
  httpStatus,
  isApiRequestError,
  retryAfterSeconds,
  ENTRY_CODE_HEADER,
  reportError,
  encodeUserTicketId,
  languageOf,
  standIn,
  selectLanguage,
  selectIsHubFading,
  selectFlowQuestion,
};
Object.assign(flowKit, filled);
