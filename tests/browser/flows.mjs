// The four flows, played on a fresh phone at 390x844 as a player would, counting
// what the player does: taps (a text or number field counts one tap, plus what is typed
// into it), and swipes (each control that was not on the screen, or hidden behind the roll
// dock, when the player wanted it). Set-up on the Characters page is not counted. Prints
// numbers; asserts nothing. The EL browser test calls `elFlows`; scripts/bench (through
// bench.mjs) calls `allFlows`.
//
//  1. Narrative: 2 ability + 1 proficiency against 2 difficulty + 1 setback, one ability
//     upgraded to proficiency, Roll, re-roll one die, copy the link that shows the roll.
//  2. Highest d6: a character with a helping facet, 3 dice in a conflict, Roll, mark the
//     harm and note the cost the result asks for.
//  3. EL: Level 5 + Warrior 3 against a goblin at EL 4, wager 2 as Injury, Roll.
//  4. EL: a split turn: two attacks and a defence, each attack rolled (with the bar's Roll,
//     which rolls the next portion), the defence against one attack.
import { expect } from '@playwright/test';
import { newRollShown, openDrawn, readText, shownRollId } from './harness.mjs';
import { makeCharacter, rollButton, snack } from './el-helpers.mjs';
import { addCharacterFacet, createCharacter } from './d6-helpers.mjs';

/** Counts a player's taps, typing and swipes on `page`. */
function counter(page) {
  const count = { taps: 0, typed: 0, swipes: 0 };
  // What the player did, in order: each control's name, "(swipe)" where one came first.
  const steps = [];
  const dockTop = async () => (await page.getByRole('region', { name: 'Roll' }).boundingBox())?.y ?? page.viewportSize().height;
  // A control off the screen, under the dock, or scrolled out of the dock's panel (another
  // element is drawn where it is) takes a swipe to reach.
  const reach = async (locator) => {
    const box = await locator.boundingBox();
    const inDock = await locator.evaluate((e) => Boolean(e.closest('.roll-dock')));
    const bottom = inDock ? page.viewportSize().height : await dockTop();
    const covered = await locator.evaluate((e) => {
      const r = e.getBoundingClientRect();
      const [x, y] = [r.left + r.width / 2, r.top + r.height / 2];
      const top = document.elementFromPoint(x, y);
      if (!top) return true;
      // A passing message near the thumb goes by itself: it hides nothing for long.
      if (top.closest('.snackbar')) return false;
      const own = [e, e.closest('label'), ...(e.labels ?? [])].filter(Boolean);
      return !own.some((o) => o.contains(top));
    });
    if (!box || box.y < 0 || box.y + box.height > bottom || covered) {
      count.swipes += 1;
      steps.push('(swipe)');
      await locator.evaluate((e) => e.scrollIntoView({ block: 'center' }));
    }
  };
  const named = (locator) => locator.evaluate((e) => (e.getAttribute('aria-label') ?? e.labels?.[0]?.textContent ?? e.textContent).trim().replace(/\s+/g, ' '));
  return {
    count,
    steps,
    async tap(locator) {
      await reach(locator);
      steps.push(await named(locator));
      await locator.click();
      count.taps += 1;
    },
    async type(locator, text) {
      await reach(locator);
      steps.push(`${await named(locator)}: type ${text}`);
      await locator.click();
      await locator.fill(String(text));
      count.taps += 1;
      count.typed += 1;
    },
    async choose(locator, label) {
      await reach(locator);
      steps.push(`${await named(locator)}: pick ${label}`);
      await locator.selectOption({ label });
      count.taps += 2; // open the list, pick
    },
    /** Where the Roll button (or `button`) is now: its top and bottom on the screen, and on the page. */
    async rollAt(button = rollButton(page)) {
      const box = await button.boundingBox();
      const scrolled = await page.evaluate(() => window.scrollY);
      const [top, bottom] = [Math.round(box.y), Math.round(box.y + box.height)];
      return { screen: `y ${top}-${bottom}`, page: `y ${top + scrolled}-${bottom + scrolled}` };
    },
  };
}

const shownRoll = shownRollId;

/** Taps Roll (counted) and waits until the dock shows the new roll. */
async function rollOnce(page, player) {
  const before = await shownRoll(page);
  await player.tap(rollButton(page));
  await newRollShown(page, before);
}

/** Narrative: 2g 1y against 2p 1k, upgrade, roll, re-roll one die, share the roll. */
async function narrativeRoll(env) {
  const { context, page } = await openDrawn(env, '/#/narrative');
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: env.origin });
  const player = counter(page);
  const add = (name) => player.tap(page.getByRole('button', { name: `Add ${name} die`, exact: true }));
  for (const die of ['ability', 'ability', 'proficiency', 'difficulty', 'difficulty', 'setback']) await add(die);
  await player.tap(page.getByRole('button', { name: 'Upgrade ability die', exact: true }));
  await expect(page.getByLabel('Pool notation'), 'the pool 1g2y2p1k').toHaveText('1g2y2p1k');
  const rollAt = await player.rollAt();
  await rollOnce(page, player);
  // Re-roll one die: pick it, then re-roll.
  await player.tap(page.getByRole('list', { name: 'Dice rolled' }).getByRole('button').first());
  await player.tap(page.getByRole('button', { name: 'Re-roll picked die', exact: true }));
  await expect(page.locator('.dock-result [role=status]'), 'the die re-rolled').toHaveText(/1 die re-rolled/);
  // Share: the result's own link, which shows this roll as it was.
  await player.tap(page.getByRole('region', { name: 'Roll' }).getByRole('button', { name: 'Copy a link that shows this roll' }));
  await expect(snack(page), 'the link copied').toHaveText(/link/i);
  const said = await readText(snack(page));
  await context.close();
  return {
    flow: 'Narrative: 2g 1y vs 2p 1k, upgrade, roll, re-roll one die, share the roll',
    ...player.count,
    rollAt,
    shared: said,
    steps: player.steps,
  };
}

/** Highest d6: a character with a helping facet, 3 dice in a conflict, harm and cost. */
async function d6Conflict(env) {
  const { context, page } = await openDrawn(env, '/#/characters');
  // Set-up, not counted: the character and the facet as the Characters page keeps them.
  await createCharacter(page, 'Tor');
  await addCharacterFacet(page, 'Tor', 'Sure-footed');
  await page.goto(env.origin + '/#/d6');
  await page.getByRole('region', { name: 'Roll' }).waitFor();
  const player = counter(page);
  const sum = () => readText(page.getByLabel('Pool size'));
  const rolling = page.getByRole('group', { name: 'Rolling for' }).getByRole('button', { name: 'Tor', exact: true });
  if ((await rolling.getAttribute('aria-pressed')) !== 'true') await player.tap(rolling);
  const facet = page.getByRole('button', { name: 'Sure-footed (character, helps)', exact: true });
  if ((await facet.getAttribute('aria-pressed')) !== 'true') await player.tap(facet);
  while (!/= 3 dice$/.test(await sum())) {
    const fewer = / = ([4-9]|10) dice$/.test(await sum());
    await player.tap(page.getByRole('button', { name: fewer ? 'Remove die' : 'Add die', exact: true }));
  }
  await player.tap(page.getByRole('switch', { name: /Conflict/ }));
  const rollAt = await player.rollAt();
  await rollOnce(page, player);
  // Harm and cost both follow a costly success; the dice decide when it comes, so the
  // player's Roll is counted once, however many rolls it took.
  let rolls = 1;
  const title = () => readText(page.locator('.dock-result .headline'));
  while (!/^Costly success/.test(await title()) && rolls < 200) {
    const before = await shownRoll(page);
    await rollButton(page).click();
    await newRollShown(page, before);
    rolls += 1;
  }
  const result = page.locator('#dock-result');
  await player.tap(result.getByRole('button', { name: /^Mark a scratch on Tor$/ }));
  await expect(snack(page), 'the harm marked').toHaveText(/Marked a scratch on Tor/);
  const cost = result.getByRole('list', { name: 'Suggested costs' }).getByRole('button').first();
  await player.tap(cost);
  await expect(cost, 'the cost noted').toHaveAttribute('aria-pressed', 'true');
  await context.close();
  return {
    flow: 'Highest d6: facet + 3 dice in a conflict, roll, mark harm, note cost',
    setup: 'one character with a helping facet',
    ...player.count,
    rollAt,
    rollsToCostly: rolls,
    steps: player.steps,
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
  return { flow: 'EL: Level 5 + Warrior 3 vs goblin EL 4, wager 2 as Injury', setup: 'one character', ...player.count, rollAt, label: label.trim(), steps: player.steps };
}

/** Flow 2: a split turn of two attacks and a defence. */
async function splitTurn(env) {
  const { context, page } = await openDrawn(env, '/#/el');
  const player = counter(page);
  await player.type(page.getByRole('spinbutton', { name: 'Effective Level', exact: true }), 12);
  await page.keyboard.press('Enter');
  const before = player.count.taps;
  const fold = page.locator('details.fold').filter({ has: page.locator('summary .fold-title', { hasText: /^Turn$/ }) });
  await player.tap(fold.locator('summary'));
  await expect(fold, 'Turn open').toHaveJSProperty('open', true);
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
  // The bar's Roll rolls the next portion, under the thumb: no scrolling to each row.
  const rollAt = await player.rollAt();
  for (const next of ['Roll goblin 1 · EL 4', 'Roll goblin 2 · EL 4']) {
    await expect(rollButton(page), 'Roll names the next portion').toHaveText(next);
    await rollOnce(page, player);
  }
  await player.type(turn.getByRole('spinbutton', { name: "Attack's value against defence (0 if it failed)" }), 3);
  await player.tap(turn.getByRole('button', { name: 'Defend with defence' }));
  await page.getByRole('region', { name: 'Result' }).locator('.headline').waitFor();
  await context.close();
  return { flow: 'EL: a split turn (two attacks and a defence)', ...player.count, turnTaps: player.count.taps - before, portionInputs, rollAt, steps: player.steps };
}

/** Both EL flows on fresh phones; what each took. */
export async function elFlows(env) {
  return [await goblinWager(env), await splitTurn(env)];
}

/** The four flows on fresh phones, in its order; what each took. */
export async function allFlows(env) {
  return [await narrativeRoll(env), await d6Conflict(env), ...(await elFlows(env))];
}
