/** The toolbar module with a DiceButton and a SpecialDiceButton (a d6 of numbered faces) whose buttons have their own text, icon and hotkey; the DiceButton's tooltip is its own, the SpecialDiceButton's its name. */
import { greyPicture } from './rebuild-kit';
import { M, TOOLBAR_BUILD_FILE, toolbarModuleEntries } from './toolbar-module-kit';

const faces = [1, 2, 3, 4, 5, 6].map((v) => `<${M}.SpecialDieFace text="${v}" value="${v}" icon=""/>`).join('');

/** The two dice buttons, as the module writes them. */
export const DICE_BUTTONS = [
  `<${M}.DiceButton name="Combat" text="Fight!" tooltip="Roll for combat" icon="icon-die.png" hotkey="68,130" nDice="2" nSides="6" plus="0" addToTotal="0" reportTotal="false" prompt="false" sortDice="false" keepDice="false" keepOption="&gt;" keepCount="1" lockDice="false" lockSides="false" lockPlus="false" lockAdd="false" reportFormat="** $name$ = $result$ *** &lt;$PlayerName$&gt;"/>`,
  `<${M}.SpecialDiceButton name="Morale" text="" tooltip="Morale" icon="/images/die.gif" hotkey="77,195" resultChatter="true" resultWindow="false" format="** $name$ = $result1$ *** &lt;$PlayerName$&gt;"><${M}.SpecialDie name="d6" format="$name$" numericalValue="">${faces}</${M}.SpecialDie></${M}.SpecialDiceButton>`,
];

export const DICE_BUILD_FILE = TOOLBAR_BUILD_FILE.replace(
  '</VASSAL.build.GameModule>',
  // A function: the buttons' report formats hold "$&", which a replacement string would expand.
  () => `  ${DICE_BUTTONS.join('\n  ')}\n</VASSAL.build.GameModule>`,
);

export const DIE_ICON = greyPicture(16, 16, 120);

/** The module above with its icons, as a reader gives its entries. */
export const diceModuleEntries = () => toolbarModuleEntries(DICE_BUILD_FILE, [{ path: 'images/icon-die.png', data: DIE_ICON }]);
