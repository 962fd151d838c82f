// axios's fetch adapter as the browser builds bundle it (mf/browser-stand-ins.ts): the one export of
// it that axios reads, answering `false`, axios's own word for "not supported here".
export const getFetch = (): false => false;
