// Effective Level turns and the scene in a real browser at 390x844: splits, defence reused,
// the cross-role example, obstacles, persistent boosts, a reload mid-turn, End scene. Every
// roll these make shows in the dock with its dice and is said in the snackbar.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { drawn, eventually, historyEntries, launch, openDrawn, SCREENSHOTS, settled, textOf } from './harness.mjs';
import { makeCharacter, nav, openFold, openResult, result, roll, rollButton, setNumber, snack, sum, tap } from './el-helpers.mjs';

let env;
before(async () => {
  env = await launch();
});
after(async () => {
  await env?.close();
});

const fresh = (path) => openDrawn(env, path);
const shot = (name) => new URL(name, SCREENSHOTS).pathname;

const turnRegion = (page) => page.getByRole('region', { name: 'Turn' });
const sceneRegion = (page) => page.getByRole('region', { name: 'Scene' });
const shownDice = (page, name = 'Dice rolled') => page.getByRole('region', { name: 'Result' }).getByRole('list', { name }).getByRole('listitem');

async function addPortion(page, name, points, kind = 'Action', after = null) {
  const turn = turnRegion(page);
  await turn.getByRole('textbox', { name: 'Portion name' }).fill(name);
  await turn.getByRole('spinbutton', { name: 'Points' }).fill(String(points));
  await turn.getByRole('combobox', { name: 'Portion kind' }).selectOption({ label: kind });
  if (after) await turn.getByRole('combobox', { name: 'Only if this succeeds' }).selectOption({ label: after });
  await turn.getByRole('button', { name: 'Add portion' }).click();
  await turn.getByRole('listitem', { name: `Portion ${name}` }).waitFor();
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
  const text = await eventually(snack(page), (t) => pattern.test(t), what);
  assert.ok(!/\n/.test(text), `one line: ${text}`);
  return text;
}

function noErrors(page) {
  assert.deepEqual(page.errors, [], 'no page or console errors');
}

describe('Effective Level turns and scene', () => {
  test('split into two attacks and a defence, roll them, defend twice, reload mid-turn', async () => {
    const { context, page } = await fresh('/#/el');
    await setNumber(page, 'Effective Level', 12);
    await openFold(page, 'Turn');
    await addPortion(page, 'goblin 1', 4);
    await addPortion(page, 'goblin 2', 4);
    await addPortion(page, 'defence', 4, 'Defence');
    await eventually(textOf(page.getByLabel('Points left')), (t) => t === '0 of EL 12 left to split', 'all given');
    const g1 = turnRegion(page).getByRole('listitem', { name: 'Portion goblin 1' });
    assert.match(await g1.textContent(), /Success \d+(\.\d)?%/, 'each portion shows its odds');
    await tap(page, 'Roll goblin 2');
    // A portion's roll shows in the dock with its dice, and is said in one line.
    await oneLine(page, /^goblin 2 — /, 'goblin 2 said');
    await eventually(result(page), (t) => /goblin 2/.test(t) && /rolled/.test(t), 'goblin 2 in the dock');
    await eventually(async () => shownDice(page).count(), (n) => n === 4, 'its four coins drawn');
    await tap(page, 'Roll goblin 1');
    await eventually(textOf(g1), (t) => /: rolled/.test(t), 'goblin 1 rolled');
    await oneLine(page, /^goblin 1 — /, 'goblin 1 said');
    // Two attacks come in; the defence (EL 4, so it rolls 0 to 4) answers each.
    const attackField = turnRegion(page).getByRole('spinbutton', { name: "Attack's value against defence (0 if it failed)" });
    await attackField.fill('0');
    await tap(page, 'Defend with defence');
    await oneLine(page, /^Defence rolls \d against the attack's 0: held off\.$/, 'held off');
    await eventually(result(page), (t) => /Held off/.test(t), 'the defence in the dock');
    await attackField.fill('9');
    await tap(page, 'Defend with defence');
    const text = await oneLine(page, /against the attack's 9/, 'second attack');
    const rolled = Number(text.match(/^Defence rolls (\d)/)[1]);
    assert.ok(text.endsWith(`the attack gets effect ${9 - rolled}.`), text);
    await eventually(async () => shownDice(page).count(), (n) => n === 4, 'the defence dice drawn');
    const defence = turnRegion(page).getByRole('listitem', { name: 'Portion defence' });
    await eventually(textOf(defence), (t) => /Defence rolls this turn: \d+, \d+/.test(t), 'two defence rolls');
    await settled(page);
    await page.screenshot({ path: shot('el-turn.png'), fullPage: true });
    await page.reload();
    await drawn(page);
    await openFold(page, 'Turn');
    await eventually(textOf(turnRegion(page).getByRole('listitem', { name: 'Portion defence' })), (t) => /Defence rolls this turn: \d+, \d+/.test(t), 'kept after reload');
    assert.match(await textOf(turnRegion(page).getByRole('listitem', { name: 'Portion goblin 1' }))(), /rolled/);
    await tap(page, 'Defend with defence');
    await eventually(textOf(turnRegion(page).getByRole('listitem', { name: 'Portion defence' })), (t) => /: \d+, \d+, \d+/.test(t), 'a third attack');
    await tap(page, 'End turn');
    await eventually(async () => turnRegion(page).getByRole('listitem').count(), (n) => n === 0, 'turn ended');
    // Ending a turn can be undone from the snackbar.
    await page.locator('.snackbar').getByRole('button', { name: 'Undo' }).click();
    await eventually(async () => turnRegion(page).getByRole('listitem').count(), (n) => n === 3, 'turn back');
    noErrors(page);
    await context.close();
  });

  test('a contingent portion waits for the first and is rolled or lost', async () => {
    const { context, page } = await fresh('/#/el');
    await setNumber(page, 'Effective Level', 6);
    await openFold(page, 'Turn');
    await addPortion(page, 'catch', 3);
    await addPortion(page, 'throw back', 3, 'Action', 'Only if catch succeeds');
    const second = turnRegion(page).getByRole('listitem', { name: 'Portion throw back' });
    assert.match(await textOf(second)(), /whole chain succeeds \d+/);
    assert.equal(await page.getByRole('button', { name: 'Roll throw back' }).count(), 0, 'waits');
    await tap(page, 'Roll catch');
    const catchRow = turnRegion(page).getByRole('listitem', { name: 'Portion catch' });
    const first = await eventually(textOf(catchRow), (t) => /: rolled/.test(t), 'catch rolled');
    const caught = /: rolled \d+ \(EL/.test(first);
    if (caught) {
      await tap(page, 'Roll throw back');
      await eventually(textOf(second), (t) => /rolled/.test(t), 'rolled');
    } else {
      await eventually(textOf(second), (t) => /Lost/.test(t), 'lost');
    }
    noErrors(page);
    await context.close();
  });

  test('the texts cross-role example on screen', async () => {
    const { context, page } = await fresh('/#/characters');
    await makeCharacter(page, 'Vex', null, [['Performer', 10], ['Warrior', 20]]);
    await nav(page, 'Effective Level');
    await page.getByRole('radio', { name: 'From character' }).check();
    await tap(page, 'Performer +10');
    await tap(page, 'Warrior +20');
    await openFold(page, 'Turn');
    await tap(page, 'Split across the ticked roles');
    const roles = page.getByLabel('Role ELs');
    await eventually(textOf(roles), (t) => t === 'Performer EL 10 · Warrior EL 20', 'start');
    const assign = async (points, label, kind = 'Action') => {
      await turnRegion(page).getByRole('spinbutton', { name: /^Points from / }).fill(String(points));
      await turnRegion(page).getByRole('textbox', { name: 'What the points are for' }).fill(label);
      await turnRegion(page).getByRole('combobox', { name: 'Assigned portion kind' }).selectOption({ label: kind });
      await tap(page, 'Assign');
    };
    await assign(8, 'rally');
    await eventually(textOf(roles), (t) => t === 'Performer EL 2 · Warrior EL 12', 'after rally');
    await assign(6, 'attack');
    await eventually(textOf(roles), (t) => t === 'Warrior EL 6', 'Performer gone');
    await assign(6, 'defence', 'Defence');
    await eventually(textOf(roles), (t) => /Every role's points are given/.test(t), 'all given');
    const steps = await textOf(turnRegion(page).getByRole('list').first())();
    assert.match(steps, /8 to rally from Performer → Performer 2, Warrior 12/);
    assert.match(steps, /6 to attack from Warrior → Warrior 6/);
    assert.match(steps, /6 to defence from Warrior → no role left/);
    // The defence is kept aside as resistance, rolled again for every attack.
    const defence = turnRegion(page).getByRole('listitem', { name: 'Portion defence' });
    await eventually(textOf(defence), (t) => /EL 6 · defence · from Warrior/.test(t), 'a defence portion');
    await tap(page, 'Defend with defence');
    await tap(page, 'Defend with defence');
    await eventually(textOf(defence), (t) => /Defence rolls this turn: \d+, \d+/.test(t), 'defended twice');
    await settled(page);
    await turnRegion(page).screenshot({ path: shot('el-cross-role.png') });
    noErrors(page);
    await context.close();
  });

  test('push an obstacle to done over several rolls, and let it roll back', async () => {
    const { context, page } = await fresh('/#/el');
    await setNumber(page, 'Effective Level', 10);
    await openFold(page, 'Scene');
    const scene = sceneRegion(page);
    await addObstacle(page, 'Barred door', 8, 3);
    const door = scene.getByRole('listitem', { name: 'Obstacle Barred door' });
    await eventually(textOf(door), (t) => /0 of 8/.test(t) && /against its resistance, within rolls 1: /.test(t), 'added with odds');
    await addObstacle(page, 'Rubble', 3, 0);
    const rubble = scene.getByRole('listitem', { name: 'Obstacle Rubble' });
    await eventually(textOf(rubble), (t) => /0 of 3/.test(t) && /this EL, within rolls/.test(t), 'no resistance');
    await openFold(page, 'History');
    const rolls = () => historyEntries(page).count();
    // A tray roll's effect goes with one tap to an obstacle that does not resist; the door,
    // which resists, takes only rolls made at it.
    for (let i = 0; i < 30 && !/done/.test(await textOf(rubble)()); i += 1) {
      const before = await rolls();
      await roll(page);
      await eventually(rolls, (n) => n === before + 1, 'rolled');
      await openResult(page);
      const chips = page.getByRole('region', { name: 'Result' }).getByRole('button', { name: /^Add \d+ to / });
      assert.equal(await chips.filter({ hasText: 'Barred door' }).count(), 0, 'no chip for a resisting obstacle');
      const toRubble = chips.filter({ hasText: 'Rubble' });
      if ((await toRubble.count()) > 0) {
        await toRubble.first().click();
        await eventually(textOf(rubble), (t) => /[1-3] of 3/.test(t), 'added');
        await oneLine(page, /^(Added \d+ to Rubble\.|Rubble is overcome\.)$/, 'said');
        assert.equal(await chips.count(), 0, 'a roll\'s effect goes to one obstacle, once');
      }
    }
    await eventually(textOf(rubble), (t) => /3 of 3 · done/.test(t), 'rubble done');
    // Rolls at the door, against its resistance, add their effect by themselves; each shows
    // in the dock with both sides' dice, and is said in one line.
    for (let i = 0; i < 40 && !/done/.test(await textOf(door)()); i += 1) {
      const before = await rolls();
      await tap(page, 'Roll at it: Barred door');
      await eventually(rolls, (n) => n === before + 1, 'rolled at it');
      await oneLine(page, /Barred door (holds|is overcome)|to Barred door/, 'said');
      assert.match(await result(page)(), /Barred door/);
      assert.equal(await shownDice(page).count(), 10, 'the tray\'s ten coins');
      assert.equal(await shownDice(page, "The other side's dice").count(), 3, 'the door\'s three coins');
      if (i === 0) {
        await settled(page);
        await scene.screenshot({ path: shot('el-obstacle.png') });
        await page.screenshot({ path: shot('el-obstacle-dock.png') });
      }
    }
    await eventually(textOf(door), (t) => /8 of 8 · done/.test(t), 'done');
    assert.match(await textOf(historyEntries(page).first())(), /Barred door/);
    await tap(page, 'Barred door rolls against you');
    await oneLine(page, /Barred door rolls \d+ against your \d+/, 'its roll');
    await eventually(async () => shownDice(page, "Barred door's dice").count(), (n) => n === 3, 'its dice in the dock');
    assert.equal(await shownDice(page, 'Your dice').count(), 10, 'and yours');
    noErrors(page);
    await context.close();
  });

  test('a wager kept as a scene boost is offered in the next EL, and End scene clears it', async () => {
    const { context, page } = await fresh('/#/characters');
    await makeCharacter(page, 'Mira', 10, [['Warrior', 5]]);
    await nav(page, 'Effective Level');
    await page.getByRole('radio', { name: 'From character' }).check();
    await tap(page, 'Warrior +5');
    let kept = false;
    for (let i = 0; i < 40 && !kept; i += 1) {
      // A wager belongs to one roll: it is set again for each.
      await setNumber(page, 'Wager', 2);
      await roll(page);
      await eventually(textOf(rollButton(page)), (t) => t === 'Roll', 'the wager went with the roll');
      const keep = page.getByRole('button', { name: 'Keep +2 as a scene boost' });
      await page.getByRole('region', { name: 'Result' }).locator('.headline').waitFor();
      if ((await keep.count()) > 0) {
        await page.getByRole('textbox', { name: 'Name of the scene boost' }).fill('Studied his style');
        await keep.click();
        kept = true;
      }
    }
    assert.ok(kept, 'a wager applied within 40 rolls');
    await oneLine(page, /“Studied his style” \+2 lasts the scene\./, 'kept');
    await page.getByRole('button', { name: 'Studied his style +2' }).waitFor();
    assert.equal(await page.getByRole('spinbutton', { name: 'Wager', exact: true }).inputValue(), '0');
    await tap(page, 'Studied his style +2');
    await eventually(sum(page), (t) => t === 'Level 10 + Warrior 5 + Studied his style (scene) 2 = EL 17', 'boost in the sum');
    await page.reload();
    await drawn(page);
    await eventually(sum(page), (t) => /= EL 17$/.test(t), 'kept after reload');
    await openFold(page, 'Scene');
    await tap(page, 'End scene');
    await tap(page, 'Yes, end it');
    await eventually(sum(page), (t) => t === 'Level 10 + Warrior 5 = EL 15', 'boost gone');
    await page.locator('.snackbar').getByRole('button', { name: 'Undo' }).click();
    await eventually(sum(page), (t) => /= EL 17$/.test(t), 'back');
    noErrors(page);
    await context.close();
  });

  test('names stay text in the turn and the scene', async () => {
    const { context, page } = await fresh('/#/el');
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
    assert.equal(await page.locator('main img').count(), 0, 'no element made from a name');
    noErrors(page);
    await context.close();
  });
});
