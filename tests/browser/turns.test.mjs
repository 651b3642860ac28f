// Effective Level turns and the scene in a real browser at 390x844: splits, defence reused,
// the cross-role example, obstacles, persistent boosts, a reload mid-turn, End scene. Every
// roll these make shows in the dock with its dice and is said in the snackbar.
import { mkdir } from 'node:fs/promises';
import { expect, test } from './fixtures.mjs';
import { drawn, historyEntries, SCREENSHOTS, settled, readText } from './harness.mjs';
import {
  barOdds, barResult, makeCharacter, nav, openFold, openOdds, openResult, result, roll, rollButton, setNumber, snack, sum, tap,
} from './el-helpers.mjs';

const shot = (name) => new URL(name, SCREENSHOTS).pathname;
const EDGES = new URL('edges/', SCREENSHOTS);

const turnRegion = (page) => page.getByRole('region', { name: 'Turn' });
const sceneRegion = (page) => page.getByRole('region', { name: 'Scene' });
const shownDice = (page, name = 'Dice rolled') => page.getByRole('region', { name: 'Result' }).getByRole('list', { name }).getByRole('listitem');

/** Adds a portion; `shownAs` is its name on screen when that is not `name` (none given). */
async function addPortion(page, name, points, kind = 'Action', after = null, shownAs = name) {
  const turn = turnRegion(page);
  await turn.getByRole('textbox', { name: 'Portion name' }).fill(name);
  await turn.getByRole('spinbutton', { name: 'Points' }).fill(String(points));
  await turn.getByRole('combobox', { name: 'Portion kind' }).selectOption({ label: kind });
  if (after) await turn.getByRole('combobox', { name: 'Only if this succeeds' }).selectOption({ label: after });
  await turn.getByRole('button', { name: 'Add portion' }).click();
  await turn.getByRole('listitem', { name: `Portion ${shownAs}` }).waitFor();
}

async function addObstacle(page, name, target, el) {
  const scene = sceneRegion(page);
  await scene.getByRole('textbox', { name: 'Obstacle name' }).fill(name);
  await scene.getByRole('spinbutton', { name: 'Target' }).fill(String(target));
  await scene.getByRole('spinbutton', { name: "Obstacle's EL" }).fill(String(el));
  await tap(page, 'Add obstacle');
  await scene.getByRole('listitem', { name: `Obstacle ${name}` }).waitFor();
}

/** One message, on one line of text: no line breaks in it. */
async function oneLine(page, pattern, what) {
  await expect(snack(page), what).toHaveText(pattern);
  const text = await readText(snack(page));
  expect(!/\n/.test(text), `one line: ${text}`).toBeTruthy();
  return text;
}

test.describe('Effective Level turns and scene', () => {
  test('split into two attacks and a defence, roll them, defend twice, reload mid-turn', async ({ open }) => {
    const { context, page } = await open('/#/el');
    await setNumber(page, 'Effective Level', 12);
    await openFold(page, 'Turn');
    await addPortion(page, 'goblin 1', 4);
    await addPortion(page, 'goblin 2', 4);
    await addPortion(page, 'defence', 4, 'Defence');
    await expect(page.getByLabel('Points left'), 'all given').toHaveText('0 of EL 12 left to split');
    const g1 = turnRegion(page).getByRole('listitem', { name: 'Portion goblin 1' });
    await expect(g1, 'each portion shows its odds').toHaveText(/Success \d+(\.\d)?%/);
    await tap(page, 'Roll goblin 2');
    // A portion's roll shows in the dock with its dice, and is said in one line.
    await oneLine(page, /^goblin 2 — /, 'goblin 2 said');
    await expect(result(page), 'goblin 2 in the dock').toHaveText(/goblin 2/);
    await expect(result(page), 'goblin 2 in the dock').toHaveText(/rolled/);
    await expect(shownDice(page), 'its four coins drawn').toHaveCount(4);
    await tap(page, 'Roll goblin 1');
    await expect(g1, 'goblin 1 rolled').toHaveText(/: rolled/);
    await oneLine(page, /^goblin 1 — /, 'goblin 1 said');
    // Two attacks come in; the defence (EL 4, so it rolls 0 to 4) answers each.
    const attackField = turnRegion(page).getByRole('spinbutton', { name: "Attack's value against defence (0 if it failed)" });
    await attackField.fill('0');
    await tap(page, 'Defend with defence');
    await oneLine(page, /^Defence rolls \d against the attack's 0: held off\.$/, 'held off');
    await expect(result(page), 'the defence in the dock').toHaveText(/Held off/);
    await attackField.fill('9');
    await tap(page, 'Defend with defence');
    const text = await oneLine(page, /against the attack's 9/, 'second attack');
    const rolled = Number(text.match(/^Defence rolls (\d)/)[1]);
    expect(text.endsWith(`the attack gets effect ${9 - rolled}.`), text).toBeTruthy();
    await expect(shownDice(page), 'the defence dice drawn').toHaveCount(4);
    const defence = turnRegion(page).getByRole('listitem', { name: 'Portion defence' });
    await expect(defence, 'two defence rolls').toHaveText(/Defence rolls this turn: \d+, \d+/);
    await settled(page);
    await page.screenshot({ path: shot('el-turn.png'), fullPage: true });
    await page.reload();
    await drawn(page);
    await openFold(page, 'Turn');
    await expect(turnRegion(page).getByRole('listitem', { name: 'Portion defence' }), 'kept after reload').toHaveText(/Defence rolls this turn: \d+, \d+/);
    await expect(turnRegion(page).getByRole('listitem', { name: 'Portion goblin 1' })).toHaveText(/rolled/);
    await tap(page, 'Defend with defence');
    await expect(turnRegion(page).getByRole('listitem', { name: 'Portion defence' }), 'a third attack').toHaveText(/: \d+, \d+, \d+/);
    await tap(page, 'End turn');
    await expect(turnRegion(page).getByRole('listitem'), 'turn ended').toHaveCount(0);
    // Ending a turn can be undone from the snackbar.
    await page.locator('.snackbar').getByRole('button', { name: 'Undo' }).click();
    await expect(turnRegion(page).getByRole('listitem'), 'turn back').toHaveCount(3);
    await context.close();
  });

  test('a split turn\'s portions show the bar\'s measure, and the bar\'s Roll rolls them one by one', async ({ open }) => {
    const { context, page } = await open('/#/el');
    await setNumber(page, 'Effective Level', 6);
    await page.getByRole('radio', { name: 'Resistance' }).check();
    await setNumber(page, "Other side's EL", 4);
    await openFold(page, 'Turn');
    await addPortion(page, 'goblin 1', 3);
    await addPortion(page, 'goblin 2', 3);
    // EL 3 against a resistance of 4, counted by hand over the 2^7 tosses of the seven
    // coins (tests/el_turns.rs enumerates them): effect 29 times in 128, 22.65625% → 22.7%,
    // and 38 points of effect in all, 0.297 → 0.3. Not the 7/8 (87.5%) of landing 1 to 3.
    const g1 = turnRegion(page).getByRole('listitem', { name: 'Portion goblin 1' });
    await expect(g1, 'the chance of effect against the resistance').toHaveText(/Win 22\.7% · avg effect 0\.3/);
    await expect(g1, 'what it is counted against').toHaveText(/against resistance EL 4/);
    await expect(g1).not.toHaveText(/87\.5%/);
    // While the turn is split the bar's Roll says what it rolls, with that portion's chances.
    await expect(rollButton(page), 'Roll names the next portion').toHaveText('Roll goblin 1 · EL 3');
    await expect(g1, 'marked as next').toHaveText(/next on Roll/);
    await expect(barOdds(page), 'the bar shows the portion\'s chance').toHaveText(/Win\s*22\.7%/);
    await expect(barOdds(page)).toHaveText(/Avg effect\s*0\.3/);
    const odds = await openOdds(page);
    await expect(odds, 'for that portion').toHaveText(/For goblin 1, the turn's next portion: EL 3 vs EL 4 \(resistance\)/);
    await expect(odds, 'exactly').toHaveText(/Any effect\s*29\/128/);
    await openFold(page, 'History');
    await roll(page);
    // It rolled goblin 1, as it said: three coins against the resistance's four.
    await oneLine(page, /^goblin 1 — /, 'goblin 1 said');
    await expect(g1, 'goblin 1 rolled against the resistance').toHaveText(/rolled.*resistance \d/);
    await expect(shownDice(page), 'its three coins').toHaveCount(3);
    await expect(shownDice(page, "The other side's dice"), 'the resistance\'s four').toHaveCount(4);
    await expect(historyEntries(page), 'kept in History').toHaveCount(1);
    await expect(historyEntries(page).first()).toHaveText(/goblin 1/);
    await expect(rollButton(page), 'then the next').toHaveText('Roll goblin 2 · EL 3');
    await roll(page);
    await expect(turnRegion(page).getByRole('listitem', { name: 'Portion goblin 2' })).toHaveText(/rolled.*resistance \d/);
    // Every portion rolled: the bar rolls the tray again and says the whole EL.
    await expect(rollButton(page), 'the whole EL, said').toHaveText('Roll EL 6');
    await expect(barOdds(page), 'the tray\'s chance again').not.toHaveText(/22\.7%/);
    await tap(page, 'End turn');
    await expect(rollButton(page), 'no turn: plain Roll').toHaveText('Roll');
    await context.close();
  });

  test('Roll tapped before the turn has been read still rolls its next portion', async ({ open }) => {
    // No service worker, so the test can hold back the tray's code that comes after its first
    // paint (the turn's bar and Roll's portions) after a reload.
    const { context, page } = await open('/#/el', { serviceWorkers: 'block' });
    await setNumber(page, 'Effective Level', 6);
    await openFold(page, 'Turn');
    await addPortion(page, 'goblin 1', 3);
    await expect(rollButton(page)).toHaveText('Roll goblin 1 · EL 3');
    let release;
    const held = new Promise((resolve) => { release = resolve; });
    // Alone, or in the tray's idle pack (no service worker: each load is a first visit).
    await page.route(/\/(split_el_soon|pack_el_idle)\.wasm$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.reload();
    await drawn(page);
    // The turn's code has not come, so the bar cannot name the portion yet...
    await expect(rollButton(page)).toHaveText('Roll');
    await roll(page);
    release();
    // ...and Roll waits for it, then rolls the portion, never the whole EL unawares.
    await oneLine(page, /^goblin 1 — /, 'the portion rolled');
    await expect(rollButton(page), 'nothing left: the whole EL, said').toHaveText('Roll EL 6');
    await openFold(page, 'History');
    await expect(historyEntries(page), 'one roll, the portion').toHaveCount(1);
    await context.close();
  });

  test('a defence roll is kept in History, with what the attack got', async ({ open }) => {
    const { context, page } = await open('/#/el');
    await setNumber(page, 'Effective Level', 8);
    await openFold(page, 'Turn');
    // Given no name, a portion is numbered.
    await addPortion(page, '', 4, 'Defence', null, 'Portion 1');
    await expect(rollButton(page), 'defence is not rolled with Roll: the whole EL, said').toHaveText('Roll EL 8');
    await openFold(page, 'History');
    const attackField = turnRegion(page).getByRole('spinbutton', { name: "Attack's value against Portion 1 (0 if it failed)" });
    await attackField.fill('9');
    await tap(page, 'Defend with Portion 1');
    // Four coins make at most 4, so an attack of 9 always gets through, by 9 − the defence.
    const text = await oneLine(page, /^Defence rolls \d against the attack's 9: the attack gets effect \d\.$/, 'said');
    const got = 9 - Number(text.match(/^Defence rolls (\d)/)[1]);
    const entry = historyEntries(page).first();
    await expect(historyEntries(page), 'in History').toHaveCount(1);
    await expect(entry, 'its headline').toHaveText(new RegExp(`The attack gets effect ${got}`));
    await expect(entry, 'its label and pool').toHaveText(/Portion 1.*EL 4, defence/);
    await expect(barResult(page), 'and in the bar').toHaveText(new RegExp(`The attack gets effect ${got}`));
    await tap(page, 'Defend with Portion 1');
    await expect(historyEntries(page), 'every defence roll').toHaveCount(2);
    // Kept as History keeps rolls: the dock finds it again after a reload.
    await page.reload();
    await drawn(page);
    await expect(barResult(page), 'shown again after a reload').toHaveText(/Defence \d|Held off|The attack gets effect \d/);
    await context.close();
  });

  test('a split turn at the edges: small, tall, sideways and dark', async ({ open }) => {
    await mkdir(EDGES, { recursive: true });
    for (const [name, options] of [
      ['360x640', { viewport: { width: 360, height: 640 } }],
      ['430x932', { viewport: { width: 430, height: 932 } }],
      ['844x390', { viewport: { width: 844, height: 390 } }],
      ['360x640-dark', { viewport: { width: 360, height: 640 }, colorScheme: 'dark' }],
    ]) {
      const { context, page } = await open('/#/el', options);
      await setNumber(page, 'Effective Level', 10);
      await page.getByRole('radio', { name: 'Resistance' }).check();
      await setNumber(page, "Other side's EL", 4);
      await openFold(page, 'Turn');
      await addPortion(page, 'goblin 1', 3);
      await addPortion(page, 'the goblin chieftain on the far side', 4);
      await addPortion(page, 'defence', 3, 'Defence');
      await expect(rollButton(page)).toHaveText('Roll goblin 1 · EL 3');
      // A long portion name in the lists and on Roll never widens the page.
      const viewport = page.viewportSize();
      const fits = async (when) => {
        expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} ${when}: no sideways scroll`).toBeLessThanOrEqual(viewport.width);
        const button = await rollButton(page).boundingBox();
        expect(button.x + button.width, `${name} ${when}: Roll within the screen`).toBeLessThanOrEqual(viewport.width);
        expect(button.y + button.height, `${name} ${when}: Roll on the screen`).toBeLessThanOrEqual(viewport.height);
      };
      await fits('split');
      await turnRegion(page).getByRole('listitem', { name: 'Portion goblin 1' }).evaluate((e) => e.scrollIntoView({ block: 'start' }));
      await settled(page);
      await page.screenshot({ path: new URL(`el-${name}-split-turn.png`, EDGES).pathname });
      await roll(page);
      await expect(rollButton(page)).toHaveText('Roll the goblin chieftain on the far side · EL 4');
      await fits('after a portion');
      await settled(page);
      await page.screenshot({ path: new URL(`el-${name}-split-turn-rolled.png`, EDGES).pathname });
      await context.close();
    }
  });

  test('a contingent portion waits for the first and is rolled or lost', async ({ open }) => {
    const { context, page } = await open('/#/el');
    await setNumber(page, 'Effective Level', 6);
    await openFold(page, 'Turn');
    await addPortion(page, 'catch', 3);
    await addPortion(page, 'throw back', 3, 'Action', 'Only if catch succeeds');
    const second = turnRegion(page).getByRole('listitem', { name: 'Portion throw back' });
    await expect(second).toHaveText(/whole chain succeeds \d+/);
    await expect(page.getByRole('button', { name: 'Roll throw back' }), 'waits').toHaveCount(0);
    await tap(page, 'Roll catch');
    const catchRow = turnRegion(page).getByRole('listitem', { name: 'Portion catch' });
    await expect(catchRow, 'catch rolled').toHaveText(/: rolled/);
    const first = await readText(catchRow);
    const caught = /: rolled \d+ \(EL/.test(first);
    if (caught) {
      await tap(page, 'Roll throw back');
      await expect(second, 'rolled').toHaveText(/rolled/);
    } else {
      await expect(second, 'lost').toHaveText(/Lost/);
    }
    await context.close();
  });

  test('the texts cross-role example on screen', async ({ open }) => {
    const { context, page } = await open('/#/characters');
    await makeCharacter(page, 'Vex', null, [['Performer', 10], ['Warrior', 20]]);
    await nav(page, 'Effective Level');
    await page.getByRole('radio', { name: 'From character' }).check();
    await tap(page, 'Performer +10');
    await tap(page, 'Warrior +20');
    await openFold(page, 'Turn');
    await tap(page, 'Split across the ticked roles');
    const roles = page.getByLabel('Role ELs');
    await expect(roles, 'start').toHaveText('Performer EL 10 · Warrior EL 20');
    const assign = async (points, label, kind = 'Action') => {
      await turnRegion(page).getByRole('spinbutton', { name: /^Points from / }).fill(String(points));
      await turnRegion(page).getByRole('textbox', { name: 'What the points are for' }).fill(label);
      await turnRegion(page).getByRole('combobox', { name: 'Assigned portion kind' }).selectOption({ label: kind });
      await tap(page, 'Assign');
    };
    await assign(8, 'rally');
    await expect(roles, 'after rally').toHaveText('Performer EL 2 · Warrior EL 12');
    await assign(6, 'attack');
    await expect(roles, 'Performer gone').toHaveText('Warrior EL 6');
    await assign(6, 'defence', 'Defence');
    await expect(roles, 'all given').toHaveText(/Every role's points are given/);
    const steps = await readText(turnRegion(page).getByRole('list').first());
    expect(steps).toMatch(/8 to rally from Performer → Performer 2, Warrior 12/);
    expect(steps).toMatch(/6 to attack from Warrior → Warrior 6/);
    expect(steps).toMatch(/6 to defence from Warrior → no role left/);
    // The defence is kept aside as resistance, rolled again for every attack.
    const defence = turnRegion(page).getByRole('listitem', { name: 'Portion defence' });
    await expect(defence, 'a defence portion').toHaveText(/EL 6 · defence · from Warrior/);
    await tap(page, 'Defend with defence');
    await tap(page, 'Defend with defence');
    await expect(defence, 'defended twice').toHaveText(/Defence rolls this turn: \d+, \d+/);
    await settled(page);
    await turnRegion(page).screenshot({ path: shot('el-cross-role.png') });
    await context.close();
  });

  test('push an obstacle to done over several rolls, and let it roll back', async ({ open }) => {
    const { context, page } = await open('/#/el');
    await setNumber(page, 'Effective Level', 10);
    await openFold(page, 'Scene');
    const scene = sceneRegion(page);
    await addObstacle(page, 'Barred door', 8, 3);
    const door = scene.getByRole('listitem', { name: 'Obstacle Barred door' });
    await expect(door, 'added with odds').toHaveText(/0 of 8/);
    await expect(door, 'added with odds').toHaveText(/against its resistance, within rolls 1: /);
    await addObstacle(page, 'Rubble', 3, 0);
    const rubble = scene.getByRole('listitem', { name: 'Obstacle Rubble' });
    await expect(rubble, 'no resistance').toHaveText(/0 of 3/);
    await expect(rubble, 'no resistance').toHaveText(/this EL, within rolls/);
    await openFold(page, 'History');
    const rolls = () => historyEntries(page).count();
    // A tray roll's effect goes with one tap to an obstacle that does not resist; the door,
    // which resists, takes only rolls made at it.
    for (let i = 0; i < 30 && !/done/.test(await readText(rubble)); i += 1) {
      const before = await rolls();
      await roll(page);
      await expect(historyEntries(page), 'rolled').toHaveCount(before + 1);
      await openResult(page);
      const chips = page.getByRole('region', { name: 'Result' }).getByRole('button', { name: /^Add \d+ to / });
      await expect(chips.filter({ hasText: 'Barred door' }), 'no chip for a resisting obstacle').toHaveCount(0);
      const toRubble = chips.filter({ hasText: 'Rubble' });
      if ((await toRubble.count()) > 0) {
        await toRubble.first().click();
        await expect(rubble, 'added').toHaveText(/[1-3] of 3/);
        await oneLine(page, /^(Added \d+ to Rubble\.|Rubble is overcome\.)$/, 'said');
        await expect(chips, 'a roll\'s effect goes to one obstacle, once').toHaveCount(0);
      }
    }
    await expect(rubble, 'rubble done').toHaveText(/3 of 3 · done/);
    // Rolls at the door, against its resistance, add their effect by themselves; each shows
    // in the dock with both sides' dice, and is said in one line.
    for (let i = 0; i < 40 && !/done/.test(await readText(door)); i += 1) {
      const before = await rolls();
      await tap(page, 'Roll at it: Barred door');
      await expect(historyEntries(page), 'rolled at it').toHaveCount(before + 1);
      await oneLine(page, /Barred door (holds|is overcome)|to Barred door/, 'said');
      await expect(result(page)).toHaveText(/Barred door/);
      await expect(shownDice(page), 'the tray\'s ten coins').toHaveCount(10);
      await expect(shownDice(page, "The other side's dice"), 'the door\'s three coins').toHaveCount(3);
      if (i === 0) {
        await settled(page);
        await scene.screenshot({ path: shot('el-obstacle.png') });
        await page.screenshot({ path: shot('el-obstacle-dock.png') });
      }
    }
    await expect(door, 'done').toHaveText(/8 of 8 · done/);
    await expect(historyEntries(page).first()).toHaveText(/Barred door/);
    await tap(page, 'Barred door rolls against you');
    await oneLine(page, /Barred door rolls \d+ against your \d+/, 'its roll');
    await expect(shownDice(page, "Barred door's dice"), 'its dice in the dock').toHaveCount(3);
    await expect(shownDice(page, 'Your dice'), 'and yours').toHaveCount(10);
    await context.close();
  });

  test('a wager kept as a scene boost is offered in the next EL, and End scene clears it', async ({ open }) => {
    const { context, page } = await open('/#/characters');
    await makeCharacter(page, 'Mira', 10, [['Warrior', 5]]);
    await nav(page, 'Effective Level');
    await page.getByRole('radio', { name: 'From character' }).check();
    await tap(page, 'Warrior +5');
    let kept = false;
    for (let i = 0; i < 40 && !kept; i += 1) {
      // A wager belongs to one roll: it is set again for each.
      await setNumber(page, 'Wager', 2);
      await roll(page);
      await expect(rollButton(page), 'the wager went with the roll').toHaveText('Roll');
      const keep = page.getByRole('button', { name: 'Keep +2 as a scene boost' });
      await page.getByRole('region', { name: 'Result' }).locator('.headline').waitFor();
      if ((await keep.count()) > 0) {
        await page.getByRole('textbox', { name: 'Name of the scene boost' }).fill('Studied his style');
        await keep.click();
        kept = true;
      }
    }
    expect(kept, 'a wager applied within 40 rolls').toBeTruthy();
    await oneLine(page, /“Studied his style” \+2 lasts the scene\./, 'kept');
    await page.getByRole('button', { name: 'Studied his style +2' }).waitFor();
    await expect(page.getByRole('spinbutton', { name: 'Wager', exact: true })).toHaveValue('0');
    await tap(page, 'Studied his style +2');
    await expect(sum(page), 'boost in the sum').toHaveText('Level 10 + Warrior 5 + Studied his style (scene) 2 = EL 17');
    await page.reload();
    await drawn(page);
    await expect(sum(page), 'kept after reload').toHaveText(/= EL 17$/);
    await openFold(page, 'Scene');
    await tap(page, 'End scene');
    await tap(page, 'Yes, end it');
    await expect(sum(page), 'boost gone').toHaveText('Level 10 + Warrior 5 = EL 15');
    await page.locator('.snackbar').getByRole('button', { name: 'Undo' }).click();
    await expect(sum(page), 'back').toHaveText(/= EL 17$/);
    await context.close();
  });

  test('names stay text in the turn and the scene', async ({ open }) => {
    const { context, page } = await open('/#/el');
    const hostile = '"><img src=x onerror=alert(1)>';
    await openFold(page, 'Turn');
    await addPortion(page, hostile, 2, 'Defence');
    await openFold(page, 'Scene');
    await addObstacle(page, hostile, 5, 2);
    await sceneRegion(page).getByRole('textbox', { name: 'Condition name' }).fill(hostile);
    await sceneRegion(page).getByRole('spinbutton', { name: "Condition's EL" }).fill('3');
    await tap(page, 'Add condition');
    await tap(page, `Roll ${hostile}`);
    await oneLine(page, /img src=x/, 'its roll said as text');
    await expect(page.locator('main img'), 'no element made from a name').toHaveCount(0);
    await context.close();
  });
});
