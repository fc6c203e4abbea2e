/**
 * The `--set` keys some output reads, known without loading the generators (a test checks them
 * against the generators' declared reads). A key no output reads is a misspelling, a switch that
 * is neither on nor off would quietly be off, and a value its output refuses (paper=zz) would
 * pass unseen when --only leaves that output out: all are refused before anything is built.
 */
import { closestName } from '../data/did-you-mean';
import { sheetPaperSettings, SWITCH_OFF, SWITCH_ON, type Settings } from '../plan/paper';
import { PAPER_SETTINGS } from '../pipeline/reads';
import { ExitError, EXIT } from './exit-codes';
import { oneLine } from './io';

/** Settings that are switched on or off (read with settingBoolean, or as citations are). */
const SWITCHES = ['cmyk', 'tile', 'citations'];

export const SETTING_KEYS: readonly string[] = [...PAPER_SETTINGS, 'tile', 'citations'];

/** What a switch accepts: settingBoolean's "on" words and their opposites. */
const SWITCH_VALUES = new Set([...SWITCH_ON, ...SWITCH_OFF]);

/**
 * Throws a usage error for the first `--set` key no output reads, a switch given another value, or
 * values the outputs reading them refuse (checked by those outputs' own readers), whatever --only selects.
 */
export async function refuseBadSettings(settings: Settings): Promise<void> {
  refuseUnknownSettings(settings);
  const refused = sheetPaperSettings({}, settings).diagnostics;
  // The aid cards' reader, loaded only when the setting is given.
  if (settings.citations !== undefined) refused.push(...(await import('../print/aids-generator')).citationsSetting(settings).diagnostics);
  if (refused.length)
    throw new ExitError(
      EXIT.usage,
      refused
        .map((d) => `error ${d.code}: ${oneLine(d.message)}; nothing built${d.hint ? `\n    hint: ${oneLine(d.hint)}` : ''}`)
        .join('\n'),
    );
}

function refuseUnknownSettings(settings: Settings): void {
  for (const [rawKey, rawValue] of Object.entries(settings)) {
    // Shown on one line: a key holding a line break must not print a line of its own.
    const [key, value] = [oneLine(rawKey), oneLine(String(rawValue))];
    if (!SETTING_KEYS.includes(rawKey)) {
      const near = closestName(rawKey, SETTING_KEYS);
      throw new ExitError(
        EXIT.usage,
        `error build/unknown-setting: --set ${key}=${value}: no output reads a setting "${key}"; nothing built\n` +
          `    hint: ${near ? `did you mean ${near}? ` : ''}the settings are ${SETTING_KEYS.join(', ')}`,
      );
    }
    if (SWITCHES.includes(rawKey) && !SWITCH_VALUES.has(String(rawValue).toLowerCase()))
      throw new ExitError(
        EXIT.usage,
        `error build/bad-switch: --set ${key}=${value} is neither on nor off; nothing built\n    hint: use --set ${key}=true or --set ${key}=false`,
      );
  }
}
