// engine.io-client's HTTP long-polling (XHR and fetch) and WebTransport transports as the browser
// builds bundle them (mf/browser-stand-ins.ts): the names its other modules import, none of them
// a transport. The site's socket connects over WebSocket only (realtime/socket.ts), so engine.io
// never looks these up.
export const XHR = undefined;
export const Fetch = undefined;
export const WT = undefined;
