/** `--only` with no output named is a usage error, not a request for every output. */
import { describe, expect, it } from 'vitest';
import { selectOutputs } from '../../src/cli/build';
import { ExitError, EXIT } from '../../src/cli/exit-codes';
import { OUTPUT_IDS } from '../../src/pipeline/output-ids';

describe('selectOutputs', () => {
  it('builds every output when --only is absent', () => {
    expect(selectOutputs(undefined)).toEqual([...OUTPUT_IDS]);
  });

  for (const only of ['', ',', ' , ']) {
    it(`refuses --only ${JSON.stringify(only)} with exit 2`, () => {
      let thrown: unknown;
      try {
        selectOutputs(only);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(ExitError);
      expect((thrown as ExitError).code).toBe(EXIT.usage);
      expect((thrown as ExitError).message).toContain('--only names no output');
    });
  }
});
