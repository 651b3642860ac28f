// The two Effective Level flows, played on a phone at 390x844 as a player would,
// counting what the player does: taps (a text or number field counts one tap, plus what is
// typed into it), and swipes (each control that was not on the screen, or hidden behind the
// roll dock, when the player wanted it). Prints numbers; asserts nothing. The EL browser
// test calls it, and scripts/bench may.
//
//  1. Level 5 + Warrior 3 against a goblin at EL 4, wager 2 as Injury, Roll.
//  2. A split turn: two attacks and a defence, each attack rolled, the defence against one
//     attack.
import { openDrawn } from './harness.mjs';
import { makeCharacter, openFold, rollButton } from './el-helpers.mjs';

/** Counts a player's taps, typing and swipes on `page`. */
function counter(page) {
  const count = { taps: 0, typed: 0, swipes: 0 };
  const dockTop = async () => (await page.getByRole('region', { name: 'Roll' }).boundingBox())?.y ?? page.viewportSize().height;
  // A control off the screen, or under the dock, takes a swipe to reach.
  const reach = async (locator) => {
    const box = await locator.boundingBox();
    const inDock = await locator.evaluate((e) => Boolean(e.closest('.roll-dock')));
    const bottom = inDock ? page.viewportSize().height : await dockTop();
    if (!box || box.y < 0 || box.y + box.height > bottom) {
      count.swipes += 1;
      await locator.evaluate((e) => e.scrollIntoView({ block: 'center' }));
    }
  };
  return {
    count,
    async tap(locator) {
      await reach(locator);
      await locator.click();
      count.taps += 1;
    },
    async type(locator, text) {
      await reach(locator);
      await locator.click();
      await locator.fill(String(text));
      count.taps += 1;
      count.typed += 1;
    },
    async choose(locator, label) {
      await reach(locator);
      await locator.selectOption({ label });
      count.taps += 2; // open the list, pick
    },
    /** Where the Roll button is now: its top and bottom on the screen, and on the page. */
    async rollAt() {
      const box = await rollButton(page).boundingBox();
      const scrolled = await page.evaluate(() => window.scrollY);
      const [top, bottom] = [Math.round(box.y), Math.round(box.y + box.height)];
      return { screen: `y ${top}-${bottom}`, page: `y ${top + scrolled}-${bottom + scrolled}` };
    },
  };
}

/** Flow 1: Level 5 + Warrior 3 vs a goblin at EL 4, wager 2 as Injury. */
async function goblinWager(env) {
  const { context, page } = await openDrawn(env, '/#/characters');
  // Set-up, not counted: the character as the Characters page keeps it.
  await makeCharacter(page, 'Kara', 5, [['Warrior', 3]]);
  await page.goto(env.origin + '/#/el');
  await page.getByRole('region', { name: 'Roll' }).waitFor();
  const player = counter(page);
  await player.tap(page.getByRole('radio', { name: 'From character' }));
  await player.tap(page.getByRole('button', { name: 'Warrior +3', exact: true }));
  await player.tap(page.getByRole('radio', { name: 'Opposition' }));
  const theirs = page.getByRole('spinbutton', { name: "Other side's EL", exact: true });
  if ((await theirs.inputValue()) !== '4') await player.type(theirs, 4);
  for (let i = 0; i < 2; i += 1) await player.tap(page.getByRole('button', { name: 'Raise Wager', exact: true }));
  await player.tap(page.getByRole('button', { name: 'Injury', exact: true }));
  const rollAt = await player.rollAt();
  const label = await rollButton(page).textContent();
  await player.tap(rollButton(page));
  await page.getByRole('region', { name: 'Result' }).locator('.headline').waitFor();
  await context.close();
  return { flow: 'EL: Level 5 + Warrior 3 vs goblin EL 4, wager 2 as Injury', setup: 'one character', ...player.count, rollAt, label: label.trim() };
}

/** Flow 2: a split turn of two attacks and a defence. */
async function splitTurn(env) {
  const { context, page } = await openDrawn(env, '/#/el');
  const player = counter(page);
  await player.type(page.getByRole('spinbutton', { name: 'Effective Level', exact: true }), 12);
  await page.keyboard.press('Enter');
  const before = player.count.taps;
  await openFold(page, 'Turn');
  player.count.taps += 1;
  const turn = page.getByRole('region', { name: 'Turn' });
  const portionInputs = [];
  for (const [name, points, kind] of [['goblin 1', 4, null], ['goblin 2', 4, null], ['defence', 4, 'Defence']]) {
    const start = player.count.taps;
    await player.type(turn.getByRole('textbox', { name: 'Portion name' }), name);
    await player.type(turn.getByRole('spinbutton', { name: 'Points' }), points);
    if (kind) await player.choose(turn.getByRole('combobox', { name: 'Portion kind' }), kind);
    await player.tap(turn.getByRole('button', { name: 'Add portion' }));
    await turn.getByRole('listitem', { name: `Portion ${name}` }).waitFor();
    portionInputs.push(player.count.taps - start);
  }
  await player.tap(turn.getByRole('button', { name: 'Roll goblin 1' }));
  await player.tap(turn.getByRole('button', { name: 'Roll goblin 2' }));
  await player.type(turn.getByRole('spinbutton', { name: "Attack's value against defence (0 if it failed)" }), 3);
  await player.tap(turn.getByRole('button', { name: 'Defend with defence' }));
  await page.getByRole('region', { name: 'Result' }).locator('.headline').waitFor();
  await context.close();
  return { flow: 'EL: a split turn (two attacks and a defence)', ...player.count, turnTaps: player.count.taps - before, portionInputs };
}

/** Both flows on fresh phones; what each took. */
export async function elFlows(env) {
  return [await goblinWager(env), await splitTurn(env)];
}
