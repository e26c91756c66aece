// What the visualiser may show of a context or an event payload: tokens, codes and personal data replaced by a
// mark, functions and services dropped, depth and length bounded. Used on the wallet's side of live inspection
// before anything is posted, and on the page for the simulation's context.
const SECRET = /token|code|otp|password|secret|session|email|phone|name|iban|bank|last4|address|birth|picture|key|certificate|signature/i;
export const REDACTED = '•••';

export function redact(value: unknown, depth = 0, key = ''): unknown {
  if (typeof value === 'function' || typeof value === 'symbol') return undefined;
  if (key && SECRET.test(key) && value !== null && value !== undefined && typeof value !== 'boolean' && typeof value !== 'object') return REDACTED;
  if (key && SECRET.test(key) && value && typeof value === 'object') return REDACTED;
  if (value === null || typeof value !== 'object') return typeof value === 'string' && value.length > 120 ? `${value.slice(0, 117)}…` : value;
  if (depth > 4) return '…';
  if (value instanceof Error) return { name: value.name, message: value.message };
  if (Array.isArray(value)) return value.slice(0, 20).map((item) => redact(item, depth + 1));
  const prototype = Object.getPrototypeOf(value);
  // A class instance (a service, an actor, a client) is named, not opened.
  if (prototype !== Object.prototype && prototype !== null) return `[${(value as object).constructor?.name ?? 'object'}]`;
  const out: Record<string, unknown> = {};
  for (const [field, item] of Object.entries(value as Record<string, unknown>)) {
    if (field === 'services' || field === 'platform' || field === 'api') continue;
    // A form event names its field: `{ field: 'email', value: '…' }` hides the value too.
    const named = field === 'value' && typeof (value as { field?: unknown }).field === 'string' ? String((value as { field: string }).field) : field;
    const shown = redact(item, depth + 1, named);
    if (shown !== undefined) out[field] = shown;
  }
  return out;
}

/** The fields of a context and the kind of each value (`string`, `number`, `list`, `object`, `null`). */
export function contextFields(context: unknown): Array<{ field: string; kind: string }> {
  if (!context || typeof context !== 'object') return [];
  return Object.entries(context as Record<string, unknown>)
    .filter(([, value]) => typeof value !== 'function')
    .map(([field, value]) => ({ field, kind: value === null ? 'null' : Array.isArray(value) ? 'list' : typeof value }));
}
