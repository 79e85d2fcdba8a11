/** Methods the tester offers (SPEC §2). */
export const REQUEST_METHODS = ['GET', 'POST', 'DELETE'] as const;
export type ReqType = (typeof REQUEST_METHODS)[number];

/** SPEC §2: the panel's default endpoint. */
export const DEFAULT_ENDPOINT = '/api/test-todos';
/** SPEC §9: the default body is an empty JSON object. */
export const DEFAULT_BODY = '{}';

/** One row of the headers list (SPEC §3). */
export interface HeaderRow {
  isUsed: boolean;
  header: string;
  value: string;
}

/** A response that arrived, whatever its status. */
export interface ReceivedResponse {
  kind: 'response';
  status: number;
  statusText: string;
  /** SPEC §9: 200 to 299. */
  ok: boolean;
  headers: [string, string][];
  /** The body parsed as JSON when it is JSON, else its text; undefined when empty. */
  data: unknown;
}

/** A request that got no response (network failure, a URL or header the browser refuses). */
export interface RequestFailure {
  kind: 'error';
  name: string;
  message: string;
  /** What the browser said, when it differs from `message`. */
  detail?: string;
}

export type TesterResponse = ReceivedResponse | RequestFailure;

/** SPEC §3's tester state, plus what the form needs to show it. */
export interface TesterState {
  reqType: ReqType;
  endpoint: string;
  headerRows: HeaderRow[];
  /** Name → value, built only from enabled rows that have a name. */
  headers: Record<string, string>;
  /** The last valid JSON text: what Submit sends. */
  body: string;
  /** What the body box shows, valid or not. */
  bodyText: string;
  bodyError: boolean;
  response: TesterResponse | undefined;
  /** Submits so far; a response is shown only if it answers the latest one. */
  requestCount: number;
  sending: boolean;
}

export type TesterAction =
  | { type: 'setReqType'; reqType: ReqType }
  | { type: 'setEndpoint'; endpoint: string }
  | { type: 'editHeader'; index: number; field: 'header' | 'value'; text: string }
  | { type: 'toggleHeader'; index: number; isUsed: boolean }
  | { type: 'editBody'; text: string }
  | { type: 'submitted' }
  | { type: 'received'; requestId: number; response: TesterResponse };

const emptyRow = (): HeaderRow => ({ isUsed: false, header: '', value: '' });

/** SPEC §3: one enabled row (Accept, any type) and one empty disabled row. */
export function initialTesterState(): TesterState {
  const headerRows = [{ isUsed: true, header: 'Accept', value: '*/*' }, emptyRow()];
  return {
    reqType: 'GET',
    endpoint: DEFAULT_ENDPOINT,
    headerRows,
    headers: headersFromRows(headerRows),
    body: DEFAULT_BODY,
    bodyText: DEFAULT_BODY,
    bodyError: false,
    response: undefined,
    requestCount: 0,
    sending: false,
  };
}

/** The headers to send: enabled rows only; a row without a name cannot be sent. */
export function headersFromRows(rows: readonly HeaderRow[]): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const row of rows) {
    const name = row.header.trim();
    if (row.isUsed && name !== '') headers[name] = row.value;
  }
  return headers;
}

/** The number the 'Headers' heading shows. */
export function enabledHeaderCount(rows: readonly HeaderRow[]): number {
  return rows.filter((row) => row.isUsed).length;
}

/** SPEC §5: the body must parse as JSON; an empty body does not. */
export function isJsonText(text: string): boolean {
  if (text.trim() === '') return false;
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

function withRows(state: TesterState, headerRows: HeaderRow[]): TesterState {
  return { ...state, headerRows, headers: headersFromRows(headerRows) };
}

/** The tester's state transitions (SPEC §4, "Tester"). Pure. */
export function testerReducer(state: TesterState, action: TesterAction): TesterState {
  switch (action.type) {
    case 'setReqType':
      return { ...state, reqType: action.reqType };
    case 'setEndpoint':
      return { ...state, endpoint: action.endpoint };
    case 'editHeader': {
      const row = state.headerRows[action.index];
      if (!row) return state;
      const isLast = action.index === state.headerRows.length - 1;
      // The last row is the blank row waiting for input: typing into it makes it a real header
      // (enabled, as in the tools this is modelled on) and a fresh blank row takes its place.
      const edited: HeaderRow = {
        ...row,
        [action.field]: action.text,
        isUsed: row.isUsed || isLast,
      };
      const rows = state.headerRows.map((current, index) =>
        index === action.index ? edited : current,
      );
      return withRows(state, isLast ? [...rows, emptyRow()] : rows);
    }
    case 'toggleHeader': {
      if (!state.headerRows[action.index]) return state;
      const rows = state.headerRows.map((row, index) =>
        index === action.index ? { ...row, isUsed: action.isUsed } : row,
      );
      return withRows(state, rows);
    }
    case 'editBody':
      // An invalid text stays in the box with the error under it; the last valid body is kept.
      return isJsonText(action.text)
        ? { ...state, bodyText: action.text, body: action.text, bodyError: false }
        : { ...state, bodyText: action.text, bodyError: true };
    case 'submitted':
      return { ...state, requestCount: state.requestCount + 1, sending: true };
    case 'received':
      // A slow answer to an earlier submit must not replace the answer to a later one.
      if (action.requestId !== state.requestCount) return state;
      return { ...state, response: action.response, sending: false };
  }
}
