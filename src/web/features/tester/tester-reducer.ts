/** Methods the tester offers (product §2). */
export const REQUEST_METHODS = ['GET', 'POST', 'DELETE'] as const;
export type ReqType = (typeof REQUEST_METHODS)[number];

/** product §2: the panel's default endpoint. */
export const DEFAULT_ENDPOINT = '/api/test-todos';
/** product §9: the default body is an empty JSON object. */
export const DEFAULT_BODY = '{}';

/** One row of the headers list (product §3). */
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
  /** product §9: 200 to 299. */
  ok: boolean;
  headers: [string, string][];
  /** The body parsed as JSON when it is JSON, else its text; undefined when empty. */
  data: unknown;
  /** From sending to the last byte of the body. */
  durationMs: number;
  /** The body's length in bytes. */
  sizeBytes: number;
}

/** A request that got no response (network failure, a URL or header the browser refuses). */
export interface RequestFailure {
  kind: 'error';
  name: string;
  message: string;
  /** What the browser said, when it differs from `message`. */
  detail?: string;
  /** How long it took to fail, when it was sent at all. */
  durationMs?: number;
}

export type TesterResponse = ReceivedResponse | RequestFailure;

/** product §3's tester state, plus what the form needs to show it. */
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
  /** The endpoint picker: method, endpoint and, for operations that take one, an example body. */
  | { type: 'pickEndpoint'; reqType: ReqType; endpoint: string; body?: string }
  /** 'Use my session': a token adds or updates the authorization row, null removes it. */
  | { type: 'setSessionHeader'; token: string | null }
  /** A history entry back in the form. */
  | {
      type: 'loadRequest';
      reqType: ReqType;
      endpoint: string;
      headers: Record<string, string>;
      body: string;
    }
  | { type: 'submitted' }
  | { type: 'received'; requestId: number; response: TesterResponse };

const emptyRow = (): HeaderRow => ({ isUsed: false, header: '', value: '' });

/** product §3: one enabled row (Accept, any type) and one empty disabled row. */
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

/** product §5: the body must parse as JSON; an empty body does not. */
export function isJsonText(text: string): boolean {
  if (text.trim() === '') return false;
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** The header the API reads the token from (architecture §2). */
export const SESSION_HEADER = 'authorization';

const isSessionRow = (row: HeaderRow) => row.header.trim().toLowerCase() === SESSION_HEADER;

/** True when an enabled authorization row carries exactly this token. */
export function usesSession(rows: readonly HeaderRow[], token: string | null): boolean {
  return (
    token !== null && rows.some((row) => row.isUsed && isSessionRow(row) && row.value === token)
  );
}

/** The rows with one enabled authorization row holding the token, and the blank row kept last. */
function rowsWithSession(rows: readonly HeaderRow[], token: string): HeaderRow[] {
  const existing = rows.findIndex(isSessionRow);
  if (existing !== -1) {
    return rows.map((row, index) =>
      index === existing ? { isUsed: true, header: SESSION_HEADER, value: token } : row,
    );
  }
  const last = rows.at(-1);
  const isBlank = last !== undefined && last.header === '' && last.value === '';
  const sessionRow: HeaderRow = { isUsed: true, header: SESSION_HEADER, value: token };
  return isBlank ? [...rows.slice(0, -1), sessionRow, last] : [...rows, sessionRow, emptyRow()];
}

function withRows(state: TesterState, headerRows: HeaderRow[]): TesterState {
  return { ...state, headerRows, headers: headersFromRows(headerRows) };
}

/** The tester's state transitions (product §4, "Tester"). Pure. */
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
    case 'pickEndpoint': {
      const picked = { ...state, reqType: action.reqType, endpoint: action.endpoint };
      return action.body === undefined
        ? picked
        : { ...picked, body: action.body, bodyText: action.body, bodyError: false };
    }
    case 'setSessionHeader':
      return withRows(
        state,
        action.token === null
          ? state.headerRows.filter((row) => !isSessionRow(row))
          : rowsWithSession(state.headerRows, action.token),
      );
    case 'loadRequest': {
      const rows = Object.entries(action.headers).map(([header, value]): HeaderRow => ({
        isUsed: true,
        header,
        value,
      }));
      // A stored body is valid JSON; should storage have been tampered with, keep the default.
      const body = isJsonText(action.body) ? action.body : DEFAULT_BODY;
      return withRows(
        {
          ...state,
          reqType: action.reqType,
          endpoint: action.endpoint,
          body,
          bodyText: body,
          bodyError: false,
        },
        [...rows, emptyRow()],
      );
    }
    case 'submitted':
      return { ...state, requestCount: state.requestCount + 1, sending: true };
    case 'received':
      // A slow answer to an earlier submit must not replace the answer to a later one.
      if (action.requestId !== state.requestCount) return state;
      return { ...state, response: action.response, sending: false };
  }
}
