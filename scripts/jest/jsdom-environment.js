import JSDOMEnvironment from 'jest-environment-jsdom';

/**
 * jsdom without the web platform pieces Node already has and MSW (and fetch-based code) needs:
 * fetch and its Request/Response/Headers, streams, text coding and BroadcastChannel are handed over
 * from Node instead of left undefined.
 */
export default class JsdomWithFetchEnvironment extends JSDOMEnvironment {
  constructor(...args) {
    super(...args);
    Object.assign(this.global, {
      fetch,
      Request,
      Response,
      Headers,
      ReadableStream,
      WritableStream,
      TransformStream,
      TextEncoder,
      TextDecoder,
      BroadcastChannel,
      structuredClone,
    });
  }
}
