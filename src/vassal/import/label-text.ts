/**
 * A Text Label's text as VASSAL 3.7.26 reads it: Labeler.mySetState trims the state, setLabel
 * drops every `$<own property name>$` from it, and getLabel evaluates what is left as an
 * Expression (Expression.createExpression) against the outermost piece:
 * - a blank text is "";
 * - a text in braces (`{…}`, trimmed) is a BeanShell expression, which the import cannot evaluate;
 * - a text holding `$` is an old-style formatted string (FormattedStringExpression): split on `$`
 *   as a SequenceEncoder list (`\$` stays a `$`), every second token that is not the last one is
 *   a property name replaced by its value, the other tokens are kept as they are (empty ones give
 *   nothing), so a lone `$` vanishes ("a$b" reads "ab");
 * - any other text is itself.
 * A property the piece does not answer (a global or map property, a position property like
 * LocationName, a trait kind the import does not read) cannot be known at import: VASSAL's
 * property value then holds the bare name and the drawn label nothing, or the global's value. Such
 * a text is kept as written and its unknown names are reported; so is a BeanShell text.
 * VASSAL reads an integer text ("07", "+3") as the number ("7", "3") unless the module stores
 * integers with leading zeros as strings: such a text is kept as written.
 */
import { decodeSequence } from '../sequence-encoder';

export type LabelReading =
  { kind: 'text'; text: string } | { kind: 'beanShell'; text: string } | { kind: 'unresolved'; text: string; names: string[] };

/** Whether a label's text is a BeanShell expression (Expression.createExpression: `{…}` once trimmed). */
export function isBeanShell(text: string): boolean {
  const t = text.trim();
  return t.startsWith('{') && t.endsWith('}');
}

/** Whether a label's state reads otherwise than as written: it holds `$`, edge spaces or a BeanShell expression. */
export function labelNeedsReading(state: string): boolean {
  return state.includes('$') || state.trim() !== state || isBeanShell(state);
}

/** The label text Labeler.setLabel keeps: the state trimmed, each `$<propertyName>$` taken out (VASSAL's loop, left to right). */
export function ownReferencesOut(state: string, propertyName: string): string {
  const own = `$${propertyName}$`;
  let text = state.trim();
  for (let at = text.indexOf(own); at >= 0; at = text.indexOf(own)) text = text.slice(0, at) + text.slice(at + own.length);
  return text;
}

/**
 * The text a Text Label of property `propertyName` with state `state` shows and answers with;
 * `lookup` gives the value of a property of the piece, undefined where the import cannot know it.
 */
export function readLabelText(state: string, propertyName: string, lookup: (name: string) => string | undefined): LabelReading {
  const label = ownReferencesOut(state, propertyName);
  const t = label.trim();
  if (t === '') return { kind: 'text', text: '' };
  if (isBeanShell(t)) return { kind: 'beanShell', text: label };
  if (!t.includes('$')) return { kind: 'text', text: label };
  const { text, unknown } = expandProperties(t, lookup);
  return unknown.length > 0 ? { kind: 'unresolved', text: label, names: unknown } : { kind: 'text', text };
}

/**
 * `format` evaluated as VASSAL's FormattedStringExpression does: split on `$`, every second token
 * that is not the last one a property replaced by its value, the rest kept as written. The names
 * `lookup` cannot give are listed (once each) and left out of the text.
 */
export function expandProperties(format: string, lookup: (name: string) => string | undefined): { text: string; unknown: string[] } {
  const tokens = decodeSequence(format, '$');
  const unknown: string[] = [];
  let text = '';
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i];
    if (token === '') continue;
    if (i % 2 === 0 || i === tokens.length - 1) {
      text += token;
      continue;
    }
    const value = lookup(token);
    if (value === undefined) {
      if (!unknown.includes(token)) unknown.push(token);
    } else text += value;
  }
  return { text, unknown };
}

/**
 * The property a label's text shows whole (its text one `$name$`), if so: the label then states
 * nothing of its own, that property is read itself (and is where a change of it belongs).
 */
export function echoedProperty(state: string, propertyName: string): string | undefined {
  const tokens = decodeSequence(ownReferencesOut(state, propertyName).trim(), '$');
  return tokens.length === 3 && tokens[0] === '' && tokens[1] !== '' && tokens[2] === '' ? tokens[1] : undefined;
}

/** Why a label's text was kept as written, in words (for the import's notes). */
export function unreadReason(reading: Exclude<LabelReading, { kind: 'text' }>): string {
  if (reading.kind === 'beanShell') return 'is a BeanShell expression, which the import does not evaluate';
  const names = reading.names.map((n) => `$${n}$`).join(', ');
  return `refers to ${names}, not known at import (not stated by the piece itself: a global or position property, or a name other Text Labels change)`;
}
