// What the flows' chunks (every machine that machines/flows.ts loads on demand) take from the app's first chunk: the
// route registry, the readings of the client's errors, the logger, the ticket ids, the language of an address and the
// stand-in; and the router's selectors that screens read (panel.screen-selectors.ts). The first chunk fills `flowKit`
// once (fill-kit.ts, imported by create-wallet.ts) before any chunk loads; a lazy module takes what it uses from it
// when it runs. This module imports nothing at run time on purpose, as src/web/kit.ts: Parcel wraps every module of
// the first chunk that a lazy chunk imports, with all it imports, so these imports wrapped the API client, its errors
// and cache, the contract's base, the language list, the ticket ids, services.ts, stand-in.ts and the selectors. One
// object rather than a binding per name: each name would cost the first chunk a getter, as much as the wrapping it
// saves (docs/decisions/0092-the-first-panel-the-machines-imports-unwrapped.md).
import type * as client from '../src/client/client';
import type * as errors from '../src/client/errors';
import type * as base from '../src/contract/base';
import type * as languageList from '../src/contract/languages';
import type * as screenSelectors from './panel.screen-selectors';
import type * as services from './services';
import type * as stand from './stand-in';
import type * as ticketId from './ticket-id';

export interface FlowKit {
  addRoutes: typeof client.addRoutes;
  errorCode: typeof errors.errorCode;
  failureKey: typeof errors.failureKey;
  httpStatus: typeof errors.httpStatus;
  isApiRequestError: typeof errors.isApiRequestError;
  retryAfterSeconds: typeof errors.retryAfterSeconds;
  ENTRY_CODE_HEADER: typeof base.ENTRY_CODE_HEADER;
  reportError: typeof services.reportError;
  encodeUserTicketId: typeof ticketId.encodeUserTicketId;
  languageOf: typeof languageList.languageOf;
  standIn: typeof stand.standIn;
  selectLanguage: typeof screenSelectors.selectLanguage;
  selectIsHubFading: typeof screenSelectors.selectIsHubFading;
  selectFlowQuestion: typeof screenSelectors.selectFlowQuestion;
}

export const flowKit = {} as FlowKit;
