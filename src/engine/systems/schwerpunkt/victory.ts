/** Victory Points for step losses (19.21 L585–586): Soviet VPs are added, German VPs subtracted. */
import { QueryInputError, optNumber } from '../../checks/input';
import type { QueryHandler } from '../../checks/query';
import { VP_PER_STEP } from './rules';

export const victoryPoints: QueryHandler = (_engine, input) => {
  const count = (key: string) => {
    const n = optNumber(input, key) ?? 0;
    if (!Number.isInteger(n) || n < 0) throw new QueryInputError(`input.${key} must be a whole number ≥ 0`);
    return n;
  };
  const start = optNumber(input, 'start') ?? 0;
  const german = count('germanStepsLost');
  const soviet = count('sovietStepsLost');
  const disbanded = count('disbandedVariableReinforcements');
  const zero = count('zeroStrengthVariableReinforcements');
  const vp = start + german * VP_PER_STEP - soviet * VP_PER_STEP;
  const reasoning = [
    `start ${start}; ${german} German step losses give the Soviet player +${german * VP_PER_STEP}; ${soviet} Soviet step losses give the German player −${soviet * VP_PER_STEP} [19.21 L585–586]`,
  ];
  if (disbanded || zero)
    reasoning.push(
      `${disbanded} Variable Reinforcement(s) disbanded for Personalersatz and ${zero} 0-strength ones count nothing [19.21 L586, 13.2 L398, 11.4 L380]`,
    );
  reasoning.push(`VP ${vp}`);
  return { actual: { vp }, reasoning };
};
