/** The examples `hexforge engine --help` prints; its own file so help loads nothing of the engine. */
export const ENGINE_HELP = `
Each query takes its input from --input '<json>' and from flags named after its keys:
  hexforge engine list data/demo                                  every query of the game, with its inputs
  hexforge engine odds data/demo --attack 12 --defend 5
  hexforge engine combat data/demo --attack 12 --defend 5 --roll 4 --weather clear --modifiers elite,hq-support
  hexforge engine odds data/demo --attackers a-12-34,a-12-35 --defenders k-11-31 --defender-hex 0507
  hexforge engine reach data/demo --unit a-1c-hq --from 0507 --weather clear
  hexforge engine supply data/demo --side kordava                 every unit of a side (--positions unit@hex,…)
  hexforge engine stack data/demo --side aurelia --units a-12-34,a-12-35
  hexforge engine t3.tpv data/ttt --input '{"attackers": ["14-grd"], "defenders": ["132-44"]}'
Lists are comma-separated; objects and lists of objects are JSON. A gap (the data does not give
what the answer needs) or an unanswerable question exits 1; a malformed question exits 2.`;
