/**
 * Combat strength totals: each unit's value halved as many times as its modifiers say (fractions
 * kept), summed for the side, then rounded once and raised to the minimum. Many rulebooks state
 * exactly this order (e.g. "three halved 1-strength units have a strength of one").
 */
export interface StrengthInput {
  values: number[];
  /** Halvings per unit (same order as values). */
  halved?: number[];
  round?: 'down' | 'up' | 'nearest';
  minimum?: number;
}

export function strengthTotal(input: StrengthInput): { total: number; reasons: string[] } {
  const reasons: string[] = [];
  let sum = 0;
  input.values.forEach((v, i) => {
    const halvings = input.halved?.[i] ?? 0;
    const value = v / 2 ** halvings;
    if (halvings > 0) reasons.push(`unit ${i + 1}: ${v} halved ${halvings === 1 ? 'once' : `${halvings} times`} = ${value}`);
    sum += value;
  });
  const round = input.round ?? 'down';
  let total = round === 'up' ? Math.ceil(sum - 1e-9) : round === 'nearest' ? Math.round(sum) : Math.floor(sum + 1e-9);
  reasons.push(`sum ${sum}${total !== sum ? `, rounded ${round} to ${total}` : ''}`);
  if (input.minimum !== undefined && total < input.minimum) {
    reasons.push(`raised to the minimum ${input.minimum}`);
    total = input.minimum;
  }
  return { total, reasons };
}
