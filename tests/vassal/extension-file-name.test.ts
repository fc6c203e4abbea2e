/**
 * The built extension's file name: VASSAL names an extension by its file (ModuleExtension takes
 * its name from the archive's file name), so the build keeps the imported extension's name, and
 * falls back to the game's id only for a name no file system would take.
 */
import { describe, expect, it } from 'vitest';
import { extensionFileName } from '../../src/vassal/module/extension-generator';

describe('extensionFileName', () => {
  it("keeps the imported extension's own name, spaces and capitals included", () => {
    expect(extensionFileName('Reinforcements', 'game')).toBe('Reinforcements');
    expect(extensionFileName('PBS Extension v2', 'game')).toBe('PBS Extension v2');
    expect(extensionFileName('Größere Karte', 'game')).toBe('Größere Karte');
  });

  it('takes the game id for a name that cannot be a file name on Windows, macOS or Linux', () => {
    for (const name of ['', '.', '..', 'a/b', 'a\\b', 'C:x', 'what?', 'x.', 'x ', 'tab\there', '<x>', 'a|b', 'a*b', '"q"'])
      expect(extensionFileName(name, 'game'), JSON.stringify(name)).toBe('game');
  });
});
