// Effective Level turns and the scene in a real browser at 390x844: splits, defence reused,
// the cross-role example, obstacles, persistent boosts, a reload mid-turn, End scene.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { drawn, eventually, launch, openDrawn, SCREENSHOTS, settled, textOf } from './harness.mjs';

let env;
before(async () => {
  env = await launch();
});
after(async () => {
  await env?.close();
});

const fresh = (path) => openDrawn(env, path);

async function tap(page, name) {
  await page.getByRole('button', { name, exact: true }).first().click();
}

async function setNumber(page, name, value) {
  const field = page.getByRole('spinbutton', { name, exact: true });
  await field.fill(String(value));
  await field.press('Enter');
  await eventually(async () => page.getByRole('spinbutton', { name, exact: true }).inputValue(), (v) => v === String(value), name);
}

const turnRegion = (page) => page.getByRole('region', { name: 'Turn' });
const sceneRegion = (page) => page.getByRole('region', { name: 'Scene' });
const nav = (page, name) => page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name }).click();

async function addPortion(page, name, points, kind = 'Action', after = null) {
  const turn = turnRegion(page);
  await turn.getByRole('textbox', { name: 'Portion name' }).fill(name);
  await turn.getByRole('spinbutton', { name: 'Points' }).fill(String(points));
  await turn.getByRole('combobox', { name: 'Portion kind' }).selectOption({ label: kind });
  if (after) await turn.getByRole('combobox', { name: 'Only if this succeeds' }).selectOption({ label: after });
  await turn.getByRole('button', { name: 'Add portion' }).click();
  await turn.getByRole('listitem', { name: `Portion ${name}` }).waitFor();
}

function noErrors(page) {
  assert.deepEqual(page.errors, [], 'no page or console errors');
}

describe('Effective Level turns and scene', () => {
  test('split into two attacks and a defence, roll them, defend twice, reload mid-turn', async () => {
    const { context, page } = await fresh('/#/el');
    await setNumber(page, 'Effective Level', 12);
    await addPortion(page, 'goblin 1', 4);
    await addPortion(page, 'goblin 2', 4);
    await addPortion(page, 'defence', 4, 'Defence');
    await eventually(textOf(page.getByLabel('Points left')), (t) => t === '0 of EL 12 left to split', 'all given');
    const g1 = turnRegion(page).getByRole('listitem', { name: 'Portion goblin 1' });
    assert.match(await g1.textContent(), /Success \d+(\.\d)?%/, 'each portion shows its odds');
    await tap(page, 'Roll goblin 2');
    await tap(page, 'Roll goblin 1');
    await eventually(textOf(g1), (t) => /(Effect \d+|No effect): rolled/.test(t), 'goblin 1 rolled');
    // Two attacks come in; the defence (EL 4, so it rolls 0 to 4) answers each.
    const message = () => textOf(turnRegion(page).getByRole('status').last())();
    const attackField = turnRegion(page).getByRole('spinbutton', { name: "Attack's value against defence (0 if it failed)" });
    await attackField.fill('0');
    await tap(page, 'Defend with defence');
    await eventually(message, (t) => /^Defence rolls \d against the attack's 0: held off\.$/.test(t), 'held off');
    await attackField.fill('9');
    await tap(page, 'Defend with defence');
    const text = await eventually(message, (t) => /against the attack's 9/.test(t), 'second attack');
    const rolled = Number(text.match(/^Defence rolls (\d)/)[1]);
    assert.ok(text.endsWith(`the attack gets effect ${9 - rolled}.`), text);
    const defence = turnRegion(page).getByRole('listitem', { name: 'Portion defence' });
    await eventually(textOf(defence), (t) => /Defence rolls this turn: \d+, \d+/.test(t), 'two defence rolls');
    await settled(page);
    await page.screenshot({ path: new URL('el-turn.png', SCREENSHOTS).pathname, fullPage: true });
    await page.reload();
    await drawn(page);
    await eventually(textOf(turnRegion(page).getByRole('listitem', { name: 'Portion defence' })), (t) => /Defence rolls this turn: \d+, \d+/.test(t), 'kept after reload');
    assert.match(await textOf(turnRegion(page).getByRole('listitem', { name: 'Portion goblin 1' }))(), /rolled/);
    await tap(page, 'Defend with defence');
    await eventually(textOf(turnRegion(page).getByRole('listitem', { name: 'Portion defence' })), (t) => /: \d+, \d+, \d+/.test(t), 'a third attack');
    await tap(page, 'End turn');
    await eventually(async () => turnRegion(page).getByRole('listitem').count(), (n) => n === 0, 'turn ended');
    noErrors(page);
    await context.close();
  });

  test('a contingent portion waits for the first and is rolled or lost', async () => {
    const { context, page } = await fresh('/#/el');
    await setNumber(page, 'Effective Level', 6);
    await addPortion(page, 'catch', 3);
    await addPortion(page, 'throw back', 3, 'Action', 'Only if catch succeeds');
    const second = turnRegion(page).getByRole('listitem', { name: 'Portion throw back' });
    assert.match(await textOf(second)(), /whole chain succeeds \d+/);
    assert.equal(await page.getByRole('button', { name: 'Roll throw back' }).count(), 0, 'waits');
    await tap(page, 'Roll catch');
    const caught = /Effect \d+: rolled/.test(await textOf(turnRegion(page).getByRole('listitem', { name: 'Portion catch' }))());
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
    await page.getByRole('textbox', { name: 'Character name' }).fill('Vex');
    await tap(page, 'Create character');
    for (const [role, rank] of [['Performer', 10], ['Warrior', 20]]) {
      await page.getByRole('textbox', { name: 'New role for Vex' }).fill(role);
      await page.getByRole('spinbutton', { name: 'Rank of the new role' }).fill(String(rank));
      await tap(page, 'Add role');
      await page.getByRole('spinbutton', { name: `Rank of ${role}` }).waitFor();
      assert.equal(await page.getByRole('spinbutton', { name: `Rank of ${role}` }).inputValue(), String(rank));
    }
    await nav(page, 'Effective Level');
    await page.getByRole('radio', { name: 'From character' }).check();
    await tap(page, 'Performer +10');
    await tap(page, 'Warrior +20');
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
    await turnRegion(page).screenshot({ path: new URL('el-cross-role.png', SCREENSHOTS).pathname });
    noErrors(page);
    await context.close();
  });

  test('push an obstacle to done over several rolls, and let it roll back', async () => {
    const { context, page } = await fresh('/#/el');
    await setNumber(page, 'Effective Level', 10);
    const scene = sceneRegion(page);
    await scene.getByRole('textbox', { name: 'Obstacle name' }).fill('Barred door');
    await scene.getByRole('spinbutton', { name: 'Target' }).fill('8');
    await scene.getByRole('spinbutton', { name: "Obstacle's EL" }).fill('3');
    await tap(page, 'Add obstacle');
    const door = scene.getByRole('listitem', { name: 'Obstacle Barred door' });
    await eventually(textOf(door), (t) => /0 of 8/.test(t) && /against its resistance, within rolls 1: /.test(t), 'added with odds');
    await scene.getByRole('textbox', { name: 'Obstacle name' }).fill('Rubble');
    await scene.getByRole('spinbutton', { name: 'Target' }).fill('3');
    await scene.getByRole('spinbutton', { name: "Obstacle's EL" }).fill('0');
    await tap(page, 'Add obstacle');
    const rubble = scene.getByRole('listitem', { name: 'Obstacle Rubble' });
    await eventually(textOf(rubble), (t) => /0 of 3/.test(t) && /this EL, within rolls/.test(t), 'no resistance');
    const rolls = () => page.getByRole('region', { name: 'History' }).getByRole('listitem').count();
    // A tray roll's effect goes with one tap to an obstacle that does not resist; the door,
    // which resists, takes only rolls made at it.
    for (let i = 0; i < 30 && !/done/.test(await textOf(rubble)()); i += 1) {
      const before = await rolls();
      await tap(page, 'Roll');
      await eventually(rolls, (n) => n === before + 1, 'rolled');
      const chips = page.getByRole('button', { name: /^Add \d+ to / });
      assert.equal(await chips.filter({ hasText: 'Barred door' }).count(), 0, 'no chip for a resisting obstacle');
      const toRubble = chips.filter({ hasText: 'Rubble' });
      if ((await toRubble.count()) > 0) {
        await toRubble.first().click();
        await eventually(textOf(rubble), (t) => /[1-3] of 3/.test(t), 'added');
      }
    }
    await eventually(textOf(rubble), (t) => /3 of 3 · done/.test(t), 'rubble done');
    // Rolls at the door, against its resistance, add their effect by themselves.
    for (let i = 0; i < 40 && !/done/.test(await textOf(door)()); i += 1) {
      const before = await rolls();
      await tap(page, 'Roll at it: Barred door');
      await eventually(rolls, (n) => n === before + 1, 'rolled at it');
      assert.match(await textOf(scene.getByRole('status').first())(), /Barred door (holds|is overcome)|to Barred door/);
      if (i === 0) {
        await settled(page);
        await scene.screenshot({ path: new URL('el-obstacle.png', SCREENSHOTS).pathname });
      }
    }
    await eventually(textOf(door), (t) => /8 of 8 · done/.test(t), 'done');
    assert.match(await textOf(page.getByRole('region', { name: 'History' }).getByRole('listitem').first())(), /Barred door/);
    await tap(page, 'Barred door rolls against you');
    await eventually(textOf(scene.getByRole('status').first()), (t) => /Barred door rolls \d+ against your \d+/.test(t), 'its roll');
    noErrors(page);
    await context.close();
  });

  test('a wager kept as a scene boost is offered in the next EL, and End scene clears it', async () => {
    const { context, page } = await fresh('/#/characters');
    await page.getByRole('textbox', { name: 'Character name' }).fill('Mira');
    await tap(page, 'Create character');
    await page.getByRole('spinbutton', { name: 'Level of Mira' }).fill('10');
    await page.getByRole('spinbutton', { name: 'Level of Mira' }).blur();
    await page.getByRole('textbox', { name: 'New role for Mira' }).fill('Warrior');
    await page.getByRole('spinbutton', { name: 'Rank of the new role' }).fill('5');
    await tap(page, 'Add role');
    await page.getByRole('spinbutton', { name: 'Rank of Warrior' }).waitFor();
    assert.equal(await page.getByRole('spinbutton', { name: 'Level of Mira' }).inputValue(), '10');
    await nav(page, 'Effective Level');
    await page.getByRole('radio', { name: 'From character' }).check();
    await tap(page, 'Warrior +5');
    await setNumber(page, 'Wager', 2);
    let kept = false;
    for (let i = 0; i < 40 && !kept; i += 1) {
      await tap(page, 'Roll');
      const keep = page.getByRole('button', { name: 'Keep +2 as a scene boost' });
      await page.getByRole('region', { name: 'Result' }).getByRole('status').waitFor();
      if ((await keep.count()) > 0) {
        await page.getByRole('textbox', { name: 'Name of the scene boost' }).fill('Studied his style');
        await keep.click();
        kept = true;
      }
    }
    assert.ok(kept, 'a wager applied within 40 rolls');
    await page.getByRole('button', { name: 'Studied his style +2' }).waitFor();
    await setNumber(page, 'Wager', 0);
    await tap(page, 'Studied his style +2');
    await eventually(textOf(page.getByLabel('EL sum')), (t) => t === 'Level 10 + Warrior 5 + Studied his style (scene) 2 = EL 17', 'boost in the sum');
    await page.reload();
    await drawn(page);
    await eventually(textOf(page.getByLabel('EL sum')), (t) => /= EL 17$/.test(t), 'kept after reload');
    await tap(page, 'End scene');
    await tap(page, 'Yes, end it');
    await eventually(textOf(page.getByLabel('EL sum')), (t) => t === 'Level 10 + Warrior 5 = EL 15', 'boost gone');
    await tap(page, 'Undo end of scene');
    await eventually(textOf(page.getByLabel('EL sum')), (t) => /= EL 17$/.test(t), 'back');
    noErrors(page);
    await context.close();
  });
});
